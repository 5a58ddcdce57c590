import path from "node:path";
import { prepareDatabase } from "/work/main/scripts/database";
async function main() {
  const database = await prepareDatabase({ dataDir: path.resolve(".data/cp-bench"), quiet: true });
  process.env.DATABASE_URL = database.url;
  process.env.LOG_LEVEL = "warn";
  const { makePerson } = await import("@/lib/testing/fixtures");
  const { pool, disconnect } = await import("@/lib/db/client");
  const person = await makePerson("bench");
  const { benchIngest } = await import("/work/main/scripts/bench/counterparts-ingest");
  const i = await benchIngest(pool(), person.scopeId, person.userId);
  console.log(JSON.stringify(i), (i.withMs / i.plainMs).toFixed(2), (i.warmMs / i.plainMs).toFixed(2));
  const { seedMillion } = await import("/work/main/scripts/bench/transactions");
  const { benchCounterparts } = await import("/work/main/scripts/bench/counterparts");
  const accountId = await seedMillion(pool(), person.scopeId, person.userId);
  const c = await benchCounterparts({ db: pool(), baseUrl: "http://127.0.0.1:1", token: person.token, scopeId: person.scopeId, accountId }).catch((e) => { console.log(String(e).slice(0, 300)); return null; });
  console.log(JSON.stringify(c));
  await disconnect();
  await database.stop();
}
main().catch((e) => { console.error(e); process.exit(1); });
