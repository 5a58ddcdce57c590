// The banks of a test process and the app's way to them, configured as `npm start` configures its
// demo (scripts/launch/demo-banks.ts): one plan gives the banks their settings (sandbox/config.ts
// reads them, as the banks process does) and the app its environment (lib/env.ts reads it, as the
// server does): SANDBOX_BANK_URL, and for the aggregators' local fakes ENABLE_BANKING_* and
// GOCARDLESS_* pointed at them. The banks are served by this process (banks-server.ts) on the port
// setup-env.ts took before the product's modules loaded.
//
// The sandbox bank is on in every test file. An aggregator is on only in a file that asks for it,
// before its imports run (lib/env.ts reads the environment once, when it loads):
//   await vi.hoisted(async () => (await import("@/testing/support/test-banks-env")).useAggregatorFakes("enablebanking"));
import { banksConfig, type BanksConfig } from "@/sandbox/config";
import { planDemoBanks, type BanksPlan } from "@/scripts/launch/demo-banks";

/** The operator's secret the test banks accept. */
export const TEST_CONTROL_SECRET = "test-sandbox-control-secret";
/** The sandbox user `slow` approves after this many seconds in tests. */
export const TEST_SLOW_APPROVAL_SECONDS = 1;
/** What the sandbox company registry derives its companies from in tests. */
export const TEST_REGISTRY_SEED = "test-sandbox-registry";

const AGGREGATOR_ENV = {
  enablebanking: ["ENABLE_BANKING_APP_ID", "ENABLE_BANKING_KEY_FILE", "ENABLE_BANKING_API_URL"],
  gocardless: ["GOCARDLESS_SECRET_ID", "GOCARDLESS_SECRET_KEY", "GOCARDLESS_API_URL"],
} as const;
export type Aggregator = keyof typeof AGGREGATOR_ENV;

/**
 * The plan for banks at `origin`; the fakes' credentials are made once under `dataDir` (the test
 * run's, so the key pair is generated once a run, not once a file).
 */
export function planTestBanks(origin: string, dataDir: string, databaseUrl: string | null): BanksPlan {
  return planDemoBanks({
    env: {
      NODE_ENV: "test",
      SANDBOX_BANK_URL: origin,
      SANDBOX_CONTROL_SECRET: TEST_CONTROL_SECRET,
      ENABLE_BANKING_FAKE: "1",
      GOCARDLESS_FAKE: "1",
    },
    dataDir,
    appPort: Number(new URL(origin).port),
    sandboxDatabaseUrl: databaseUrl,
  });
}

let plan: BanksPlan | null = null;

/** For this process: the banks at `origin`; the app reaches the sandbox bank there from now on. */
export function configureTestBanks(origin: string, dataDir: string, databaseUrl: string): void {
  plan = planTestBanks(origin, dataDir, databaseUrl);
  for (const name of ["SANDBOX_BANK_ENABLED", "SANDBOX_BANK_URL"]) process.env[name] = plan.appEnv[name];
}

function currentPlan(): BanksPlan {
  if (!plan) throw new Error("The test banks are not configured: testing/support/setup-env.ts does it");
  return plan;
}

/** What the banks are started with: the banks process's own configuration, read from the plan. */
export function testBanksConfig(): BanksConfig {
  return banksConfig({
    NODE_ENV: "test",
    ...currentPlan().banksEnv,
    SANDBOX_SLOW_APPROVAL_SECONDS: String(TEST_SLOW_APPROVAL_SECONDS),
    SANDBOX_REGISTRY_SEED: TEST_REGISTRY_SEED,
  });
}

/** Configures the app with these aggregators' fakes, as the demo does; call it before the product loads. */
export function useAggregatorFakes(...aggregators: Aggregator[]): void {
  const { appEnv } = currentPlan();
  for (const aggregator of aggregators) for (const name of AGGREGATOR_ENV[aggregator]) process.env[name] = appEnv[name];
}

/**
 * Configures the app with the company registers' fakes (GLEIF, Companies House), as the demo does;
 * call it before the product loads. GLEIF is off under NODE_ENV=test unless switched on.
 */
export function useRegisterFakes(): void {
  const { appEnv } = currentPlan();
  for (const name of ["GLEIF_BASE_URL", "COMPANIES_HOUSE_BASE_URL", "COMPANIES_HOUSE_API_KEY"])
    process.env[name] = appEnv[name];
  process.env.GLEIF_ENABLED = "1";
}
