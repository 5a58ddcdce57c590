// The banks beside the demo (`npm run banks`, sandbox/server.ts): where they listen, what they are
// told, and how the app is configured to reach them, exactly as it would reach real ones: the
// sandbox bank's directory URL, the company registers' base URLs at their fakes (unless the operator
// set them; Companies House with a key made once under DATA_DIR), and, when asked for
// (ENABLE_BANKING_FAKE=1, GOCARDLESS_FAKE=1), the aggregators' real settings pointed at their local
// fakes with credentials made once under DATA_DIR.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const LOCAL_APP_ID = "ledgerlink-local-fake";

/** A secret kept under DATA_DIR (git-ignored), made on first use. */
export function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

/** The Enable Banking fake's application key pair: the app signs with the private half, the fake checks the public one. */
function enableBankingKeys(dataDir: string): { privateFile: string; publicFile: string } {
  const privateFile = path.join(dataDir, "enablebanking-fake-key.pem");
  const publicFile = path.join(dataDir, "enablebanking-fake-key.pub.pem");
  if (!existsSync(privateFile) || !existsSync(publicFile)) {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    writeFileSync(privateFile, privateKey.export({ type: "pkcs8", format: "pem" }), { mode: 0o600 });
    writeFileSync(publicFile, publicKey.export({ type: "spki", format: "pem" }), { mode: 0o644 });
  }
  return { privateFile, publicFile };
}

/** Each real register's base-URL setting, and where its fake answers below the banks' origin. */
const REGISTER_FAKES = [
  ["FR_RECHERCHE_ENTREPRISES_BASE_URL", "/recherche-entreprises-fake"],
  ["BRREG_BASE_URL", "/brreg-fake"],
] as const;

export type BanksPlan = {
  /** The banks' origin (SANDBOX_BANK_URL). */
  url: string;
  port: number;
  /** What the banks process gets. */
  banksEnv: Record<string, string>;
  /** What the app (server and worker) gets to reach them. */
  appEnv: Record<string, string>;
};

/** A local fake and a real provider's credentials at once: refused, never one silently winning. */
export function fakeConflict(env: NodeJS.ProcessEnv): string | null {
  const both = [
    {
      fake: "ENABLE_BANKING_FAKE",
      real: ["ENABLE_BANKING_APP_ID", "ENABLE_BANKING_KEY_FILE", "ENABLE_BANKING_API_URL"],
    },
    { fake: "GOCARDLESS_FAKE", real: ["GOCARDLESS_SECRET_ID", "GOCARDLESS_SECRET_KEY", "GOCARDLESS_API_URL"] },
  ].find(({ fake, real }) => env[fake] === "1" && real.some((name) => env[name]));
  if (!both) return null;
  const set = both.real.filter((name) => env[name]).join(", ");
  return `${both.fake}=1 and ${set} are both set: choose one — the local fake, or your real credentials (unset ${both.fake}).`;
}

export function planDemoBanks(options: {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  appPort: number;
  sandboxDatabaseUrl: string | null;
}): BanksPlan {
  const { env, dataDir } = options;
  const conflict = fakeConflict(env);
  if (conflict) throw new Error(conflict);
  const port = Number(env.BANKS_PORT ?? options.appPort + 1);
  const url = (env.SANDBOX_BANK_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, "");
  const controlSecret = env.SANDBOX_CONTROL_SECRET ?? keptSecret(dataDir, "sandbox-control-secret");
  const banksEnv: Record<string, string> = {
    BANKS_PORT: String(port),
    BANKS_HOST: env.BANKS_HOST ?? "127.0.0.1",
    SANDBOX_BANK_URL: url,
    SANDBOX_CONTROL_SECRET: controlSecret,
    ...(options.sandboxDatabaseUrl ? { SANDBOX_DATABASE_URL: options.sandboxDatabaseUrl } : {}),
  };
  const appEnv: Record<string, string> = { SANDBOX_BANK_ENABLED: "1", SANDBOX_BANK_URL: url };
  // The company registers' fakes stand in for the real registers, unless the operator names one.
  for (const [name, prefix] of REGISTER_FAKES) if (!env[name]) appEnv[name] = `${url}${prefix}`;
  if (env.ENABLE_BANKING_FAKE === "1") {
    const keys = enableBankingKeys(dataDir);
    Object.assign(banksEnv, {
      ENABLE_BANKING_FAKE_APP_ID: LOCAL_APP_ID,
      ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE: keys.publicFile,
    });
    Object.assign(appEnv, {
      ENABLE_BANKING_APP_ID: LOCAL_APP_ID,
      ENABLE_BANKING_KEY_FILE: keys.privateFile,
      ENABLE_BANKING_API_URL: `${url}/enablebanking-fake/api`,
    });
  }
  if (env.GOCARDLESS_FAKE === "1") {
    const secretKey = keptSecret(dataDir, "gocardless-fake-secret");
    Object.assign(banksEnv, { GOCARDLESS_FAKE_SECRET_ID: LOCAL_APP_ID, GOCARDLESS_FAKE_SECRET_KEY: secretKey });
    Object.assign(appEnv, {
      GOCARDLESS_SECRET_ID: LOCAL_APP_ID,
      GOCARDLESS_SECRET_KEY: secretKey,
      GOCARDLESS_API_URL: `${url}/gocardless-fake`,
    });
  }
  Object.assign(appEnv, registerFakes(env, dataDir, url, banksEnv));
  return { url, port, banksEnv, appEnv };
}

/**
 * The registers' settings for the app: each at its fake in the banks unless its base URL is set. The
 * Companies House fake's key is made once under DATA_DIR, as the Enable Banking fake's key pair is.
 */
function registerFakes(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  url: string,
  banksEnv: Record<string, string>,
): Record<string, string> {
  const appEnv: Record<string, string> = {};
  if (!env.GLEIF_BASE_URL) appEnv.GLEIF_BASE_URL = `${url}/gleif-fake/api/v1`;
  // An operator's own key means the real register: the fake is for when neither is set.
  if (!env.COMPANIES_HOUSE_BASE_URL && !env.COMPANIES_HOUSE_API_KEY) {
    const key = keptSecret(dataDir, "companies-house-fake-key");
    banksEnv.COMPANIES_HOUSE_FAKE_API_KEY = key;
    Object.assign(appEnv, { COMPANIES_HOUSE_BASE_URL: `${url}/companies-house-fake`, COMPANIES_HOUSE_API_KEY: key });
  }
  return appEnv;
}
