// `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded cluster.
import path from "node:path";
import { prepareDatabase } from "./database";

prepareDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? ".data") })
  .then(async (db) => {
    console.log("Database is up to date.");
    await db.stop();
  })
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
