// What `npm start` decides from the environment before anything runs: the mode, the secret it
// demands in production, and a local bank fake never silently replacing real credentials.
import { describe, expect, it } from "vitest";
import { fakeConflict as conflictOf } from "./demo-banks";
import { launchMode as modeOf, modeEnv, productionSecretProblem as secretProblem } from "./mode";

// Next types NODE_ENV as always set; an operator's environment may lack it.
const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;
const launchMode = (vars: Record<string, string>) => modeOf(env(vars));
const productionSecretProblem = (vars: Record<string, string>) => secretProblem(env(vars));
const fakeConflict = (vars: Record<string, string>) => conflictOf(env(vars));

describe("launch mode", () => {
  it("demo without DATABASE_URL: demo data and sandbox on unless switched off", () => {
    expect(launchMode({})).toMatchObject({ production: false, demoData: true, sandboxBank: true });
    expect(launchMode({ DEMO_DATA: "0", SANDBOX_BANK_ENABLED: "0" })).toMatchObject({
      demoData: false,
      sandboxBank: false,
    });
  });

  it("production with DATABASE_URL or NODE_ENV=production: nothing of the demo unless asked for", () => {
    for (const vars of [{ DATABASE_URL: "postgresql://db/x" }, { NODE_ENV: "production" }] as Record<string, string>[])
      expect(launchMode(vars)).toMatchObject({ production: true, demoData: false, sandboxBank: false });
    expect(launchMode({ NODE_ENV: "production", DEMO_DATA: "1", SANDBOX_BANK_ENABLED: "1" })).toMatchObject({
      demoData: true,
      sandboxBank: true,
    });
  });

  it("tells the app's processes the mode (production: no dev mailbox, sign-up by invitation by default)", () => {
    expect(modeEnv(launchMode({ DATABASE_URL: "postgresql://db/x" }))).toEqual({ LAUNCH_MODE: "production" });
    expect(modeEnv(launchMode({}))).toEqual({ LAUNCH_MODE: "demo" });
  });

  it("production needs an AUTH_SECRET of at least 32 characters, and says how to make one", () => {
    expect(productionSecretProblem({})).toMatch(/AUTH_SECRET is not set[\s\S]*openssl rand/);
    expect(productionSecretProblem({ AUTH_SECRET: "short" })).toMatch(/too short \(5 characters\)/);
    expect(productionSecretProblem({ AUTH_SECRET: "x".repeat(32) })).toBeNull();
  });
});

describe("local bank fakes", () => {
  it("a fake beside a real provider's credentials is refused, naming both", () => {
    expect(fakeConflict({ ENABLE_BANKING_FAKE: "1", ENABLE_BANKING_APP_ID: "app" })).toMatch(
      /ENABLE_BANKING_FAKE=1 and ENABLE_BANKING_APP_ID are both set/,
    );
    expect(fakeConflict({ GOCARDLESS_FAKE: "1", GOCARDLESS_SECRET_ID: "id", GOCARDLESS_SECRET_KEY: "k" })).toMatch(
      /GOCARDLESS_FAKE=1 and GOCARDLESS_SECRET_ID, GOCARDLESS_SECRET_KEY are both set/,
    );
    expect(fakeConflict({ ENABLE_BANKING_FAKE: "1", GOCARDLESS_FAKE: "1" })).toBeNull();
    expect(fakeConflict({ ENABLE_BANKING_APP_ID: "app" })).toBeNull();
  });
});
