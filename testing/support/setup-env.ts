// Runs in each test file's process before the file loads: point the app's modules at this worker's
// own databases (testing/support/global-setup.ts makes a pair per worker) and at this process's
// banks (a loopback port taken now; the banks start with the first test that uses them).
import { afterAll, inject } from "vitest";
import { reserveBanksListener } from "@/testing/support/banks-listener";
import { runFileTeardowns } from "@/testing/support/file-teardown";
import { keepTestsOffline } from "@/testing/support/offline-env";
import { configureTestBanks } from "@/testing/support/test-banks-env";

keepTestsOffline();

/** This worker's slot, 1..maxWorkers: which database pair it owns. */
const slot = Number(process.env.VITEST_POOL_ID ?? "1") - 1;
const databaseUrl = inject("databaseUrls")[slot];
const sandboxDatabaseUrl = inject("sandboxDatabaseUrls")[slot];
if (!databaseUrl || !sandboxDatabaseUrl) throw new Error(`No test databases for worker ${slot + 1}`);

process.env.DATABASE_URL = databaseUrl;
process.env.AUTH_SECRET = inject("authSecret");
process.env.LOG_LEVEL ??= "warn";
// The sandbox bank's own database, beside the app's (testing/support/banks-server.ts opens it).
process.env.SANDBOX_DATABASE_URL = sandboxDatabaseUrl;
configureTestBanks((await reserveBanksListener()).origin, inject("banksDataDir"), sandboxDatabaseUrl);
process.env.RATE_LIMIT_POINTS ??= "100000";
// Files that change tokens or memberships in SQL and call a route at once would race the change's
// notification; the principal cache is tested on its own (principal-cache.integration.test.ts) and
// on the built app (e2e/principal-cache.instances.spec.ts).
process.env.AUTH_CACHE_MS ??= "0";
// A dead worker's run is taken over after 3 s without a heartbeat (60 s in production).
process.env.SYNC_STALE_SECONDS ??= "3";

// What support modules opened for this file (file-teardown.ts), closed after its last test.
afterAll(runFileTeardowns);
