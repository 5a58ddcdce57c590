// ESLint for `npm test`, in one process: the whole tree, then each lint self-check fixture alone
// (they are in eslint.config.mjs's ignores, so only this run sees them). One process because the
// type-aware rules build the project's TypeScript program first: each separate `eslint` run built it
// again (~16 s of CPU a fixture on this machine), where here the fixtures reuse the tree's.
//
//   tsx scripts/testing/lint.ts <reports dir> <fixture>…
//
// Writes ESLint's JSON report (`-f json`'s format) of the tree to <reports>/eslint.json and of the
// n-th fixture to <reports>/lint-self-check-<n>.json, prints the tree's findings, and exits as
// `eslint --max-warnings 0 .` would: 1 when the tree has any error or warning.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";

async function main(reports: string, fixtures: string[]): Promise<number> {
  mkdirSync(reports, { recursive: true });
  const tree = new ESLint();
  const json = await tree.loadFormatter("json");
  const results = await tree.lintFiles(["."]);
  writeFileSync(path.join(reports, "eslint.json"), await json.format(results));
  const alone = new ESLint({ ignore: false });
  for (const [i, file] of fixtures.entries())
    writeFileSync(path.join(reports, `lint-self-check-${i}.json`), await json.format(await alone.lintFiles([file])));
  const dirty = results.filter((r) => r.errorCount + r.warningCount > 0);
  if (dirty.length > 0) console.log(await (await tree.loadFormatter("stylish")).format(dirty));
  return dirty.length > 0 ? 1 : 0;
}

const [reports, ...fixtures] = process.argv.slice(2);
main(reports ?? ".data/reports", fixtures).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
