// The banks process's settings, read once from its environment (sandbox/server.ts). The banks are
// another system than the app: they read their own variables, never the app's lib/env.ts.
import { createPublicKey, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const port = z.coerce.number().int().min(1).max(65535);
const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const schema = z.object({
  PORT: port.default(3000),
  BANKS_PORT: port.optional(),
  BANKS_HOST: z.string().trim().min(1).default("127.0.0.1"),
  SANDBOX_BANK_URL: z.url().optional(),
  SANDBOX_CONTROL_SECRET: optional,
  SANDBOX_DATABASE_URL: optional,
  DATA_DIR: z.string().trim().min(1).default(".data"),
  SANDBOX_SLOW_APPROVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  ENABLE_BANKING_FAKE_APP_ID: optional,
  ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE: optional,
  GOCARDLESS_FAKE_SECRET_ID: optional,
  GOCARDLESS_FAKE_SECRET_KEY: optional,
  SANDBOX_REGISTRY_SEED: z.string().min(1).default("ledgerlink-sandbox-registry"),
  COMPANIES_HOUSE_FAKE_API_KEY: optional,
});

export type BanksConfig = {
  port: number;
  host: string;
  publicUrl: string;
  /** null: the sandbox bank's database is `sandbox_bank` in the embedded cluster under dataDir/pg. */
  databaseUrl: string | null;
  dataDir: string;
  controlSecret: string | null;
  slowApprovalSeconds: number;
  enableBanking: { appId: string; publicKey: KeyObject } | null;
  goCardless: { secretId: string; secretKey: string } | null;
  /** What the sandbox company registry derives its companies from. */
  registrySeed: string;
  /** The key the fake Companies House accepts; null: its API answers 401. */
  companiesHouseKey: string | null;
};

/** Both or neither: one of a pair alone is a mistake worth stopping for. */
function pair(names: [string, string], a: string | undefined, b: string | undefined): [string, string] | null {
  if (a && b) return [a, b];
  if (a || b) throw new Error(`The banks need both ${names.join(" and ")}, or neither`);
  return null;
}

export function banksConfig(environment: NodeJS.ProcessEnv = process.env): BanksConfig {
  const parsed = schema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid banks configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const banksPort = e.BANKS_PORT ?? e.PORT + 1;
  const eb = pair(
    ["ENABLE_BANKING_FAKE_APP_ID", "ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE"],
    e.ENABLE_BANKING_FAKE_APP_ID,
    e.ENABLE_BANKING_FAKE_PUBLIC_KEY_FILE,
  );
  const gc = pair(
    ["GOCARDLESS_FAKE_SECRET_ID", "GOCARDLESS_FAKE_SECRET_KEY"],
    e.GOCARDLESS_FAKE_SECRET_ID,
    e.GOCARDLESS_FAKE_SECRET_KEY,
  );
  return {
    port: banksPort,
    host: e.BANKS_HOST,
    publicUrl: (e.SANDBOX_BANK_URL ?? `http://127.0.0.1:${banksPort}`).replace(/\/$/, ""),
    databaseUrl: e.SANDBOX_DATABASE_URL ?? null,
    dataDir: path.resolve(e.DATA_DIR),
    controlSecret: e.SANDBOX_CONTROL_SECRET ?? null,
    slowApprovalSeconds: e.SANDBOX_SLOW_APPROVAL_SECONDS,
    // The public half of the app's signing key (SPKI PEM); a private key's file would do too.
    enableBanking: eb ? { appId: eb[0], publicKey: createPublicKey(readFileSync(eb[1], "utf8")) } : null,
    goCardless: gc ? { secretId: gc[0], secretKey: gc[1] } : null,
    registrySeed: e.SANDBOX_REGISTRY_SEED,
    companiesHouseKey: e.COMPANIES_HOUSE_FAKE_API_KEY ?? null,
  };
}
