// Runs in each test worker before its test files: point the app's modules at the test database.
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.AUTH_SECRET = inject("authSecret");
process.env.LOG_LEVEL ??= "warn";
process.env.RATE_LIMIT_POINTS ??= "100000";
