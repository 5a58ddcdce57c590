// ESLint and the type check for `npm test`, in one process and over one TypeScript program: the
// project's program (tsconfig.json, as `tsc -p .` builds it) is built once, its diagnostics are what
// `tsc --noEmit` reports, and ESLint's type-aware rules read the same program and its checker
// instead of building their own (`parserOptions.programs`). The whole tree is linted, then each lint
// self-check fixture alone (they are in eslint.config.mjs's ignores, so only this run sees them).
// Measured on this machine (docs/testing.md): ESLint alone 86 s of CPU, tsc 32 s; both here 78–83 s.
// `next typegen` must have run first: the program includes the route types it writes.
//
//   tsx scripts/testing/lint.ts <reports dir> <fixture>…
//
// Writes ESLint's JSON report (`-f json`'s format) of the tree to <reports>/eslint.json, of the n-th
// fixture to <reports>/lint-self-check-<n>.json, and the type errors to <reports>/typecheck.json
// (`{ "errors": n, "diagnostics": [...] }`); prints the tree's findings and the type errors. Exits 0
// when both are clean, else the sum of 1 (a lint finding or warning) and 4 (a type error); 2 when it
// could not run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import ts from "typescript";
import { LINT_FOUND, TYPES_FAILED } from "./verdict";

/** The program `tsc -p .` type-checks (without its incremental record: this run keeps none). */
function projectProgram(): ts.Program {
  const configFile = ts.findConfigFile(process.cwd(), (file) => ts.sys.fileExists(file), "tsconfig.json");
  if (!configFile) throw new Error("tsconfig.json not found");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`${configFile} could not be read`);
  return ts.createProgram({
    rootNames: parsed.fileNames,
    options: { ...parsed.options, incremental: false, tsBuildInfoFile: undefined },
    projectReferences: parsed.projectReferences,
    configFileParsingDiagnostics: parsed.errors,
  });
}

async function main(reports: string, fixtures: string[]): Promise<number> {
  mkdirSync(reports, { recursive: true });
  const program = projectProgram();
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const host: ts.FormatDiagnosticsHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  };
  const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  writeFileSync(
    path.join(reports, "typecheck.json"),
    JSON.stringify({ errors: errors.length, diagnostics: errors.map((d) => ts.formatDiagnostic(d, host).trim()) }),
  );
  if (errors.length > 0) console.log(ts.formatDiagnosticsWithColorAndContext(errors, host));

  const overrideConfig = { languageOptions: { parserOptions: { projectService: false, programs: [program] } } };
  const tree = new ESLint({ overrideConfig });
  const json = await tree.loadFormatter("json");
  const results = await tree.lintFiles(["."]);
  writeFileSync(path.join(reports, "eslint.json"), await json.format(results));
  const alone = new ESLint({ ignore: false, overrideConfig });
  for (const [i, file] of fixtures.entries())
    writeFileSync(path.join(reports, `lint-self-check-${i}.json`), await json.format(await alone.lintFiles([file])));
  const dirty = results.filter((r) => r.errorCount + r.warningCount > 0);
  if (dirty.length > 0) console.log(await (await tree.loadFormatter("stylish")).format(dirty));
  return (dirty.length > 0 ? LINT_FOUND : 0) + (errors.length > 0 ? TYPES_FAILED : 0);
}

const [reports, ...fixtures] = process.argv.slice(2);
main(reports ?? ".data/reports", fixtures).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
