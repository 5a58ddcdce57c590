// Runs in each test worker before its test files: point the app's modules at the test database.
import { inject } from "vitest";
import { keepTestsOffline } from "@/testing/support/offline-env";

keepTestsOffline();

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = inject("authSecret");
process.env.LOG_LEVEL ??= "warn";
// The sandbox bank's own database, beside the app's (testing/support/banks-server.ts opens it).
process.env.SANDBOX_DATABASE_URL = inject("sandboxDatabaseUrl");
process.env.RATE_LIMIT_POINTS ??= "100000";
// Files that change tokens or memberships in SQL and call a route at once would race the change's
// notification; the principal cache is tested on its own (principal-cache.integration.test.ts) and
// on the built app (e2e/principal-cache.instances.spec.ts).
process.env.AUTH_CACHE_MS ??= "0";
// A dead worker's run is taken over after 3 s without a heartbeat (60 s in production).
process.env.SYNC_STALE_SECONDS ??= "3";
