// What `npm start` starts, decided once from the environment. Two ways to start, both safe:
// - demo: no DATABASE_URL and NODE_ENV is not production. The embedded PostgreSQL, demo data (a
//   published admin password and a viewer key, printed once), the sandbox banks beside the app.
// - production: DATABASE_URL is set, or NODE_ENV=production (the embedded database included). No
//   demo person, key or sandbox bank unless asked for (DEMO_DATA=1, SANDBOX_BANK_ENABLED=1); an
//   AUTH_SECRET of the operator's own is required; the first admin comes from a one-time setup link.
export type LaunchMode = {
  production: boolean;
  /** Why this mode, for the console. */
  reason: string;
  demoData: boolean;
  sandboxBank: boolean;
};

const yes = (v: string | undefined) => v === "1" || v === "true" || v === "yes";
const no = (v: string | undefined) => v === "0" || v === "false" || v === "no";

export function launchMode(env: NodeJS.ProcessEnv): LaunchMode {
  const reason = env.DATABASE_URL ? "DATABASE_URL is set" : env.NODE_ENV === "production" ? "NODE_ENV=production" : "";
  const production = reason !== "";
  return {
    production,
    reason: production ? reason : "no DATABASE_URL: the embedded PostgreSQL with demo data",
    demoData: production ? yes(env.DEMO_DATA) : !no(env.DEMO_DATA),
    sandboxBank: production ? yes(env.SANDBOX_BANK_ENABLED) : !no(env.SANDBOX_BANK_ENABLED),
  };
}

/**
 * What the app's processes are told of the mode (lib/env.ts LAUNCH_MODE): production keeps no dev
 * mailbox, takes no sign-up before its first admin, and defaults SIGNUP to invite.
 */
export function modeEnv(mode: LaunchMode): { LAUNCH_MODE: "production" | "demo" } {
  return { LAUNCH_MODE: mode.production ? "production" : "demo" };
}

export const MIN_AUTH_SECRET_LENGTH = 32;

/** Null when production may start; otherwise what to tell the operator. */
export function productionSecretProblem(env: NodeJS.ProcessEnv): string | null {
  const secret = env.AUTH_SECRET ?? "";
  if (secret.length >= MIN_AUTH_SECRET_LENGTH) return null;
  return [
    secret ? `AUTH_SECRET is too short (${secret.length} characters).` : "AUTH_SECRET is not set.",
    "In production (DATABASE_URL set, or NODE_ENV=production) Ledgerlink signs sessions and tokens with a",
    "secret of the operator's own; one generated on this disk or copied from an example would let whoever",
    `holds it forge a session. Set AUTH_SECRET to at least ${MIN_AUTH_SECRET_LENGTH} random characters, e.g.:`,
    "  export AUTH_SECRET=$(openssl rand -base64 32)",
  ].join("\n");
}
