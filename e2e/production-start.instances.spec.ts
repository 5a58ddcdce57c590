// The production start is safe by default. `npm start` (scripts/start.ts) on a fresh database named by
// DATABASE_URL — here a cluster this spec starts itself, standing in for a managed PostgreSQL — is the
// production mode: it refuses to run without an AUTH_SECRET of the operator's own and says why; with
// one, there is no demo person or key (the published demo password gets 401), no sandbox bank (its
// paths answer 404 on the app's origin, nothing listens where the demo's banks would, no bank is
// offered), and the first administrator comes from the one-time setup link the console prints: it
// works once, then answers 410. Sign-up is by invitation (SIGNUP's production default): refused with
// 403 signup_closed before the first admin exists and after, so no sign-up attempt voids the setup
// link; an admin's invitation creates a member of their organisation; there is no dev mailbox.
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { type APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/project-servers";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "../lib/db/embedded";
import { startScript, type ScriptProcess } from "../testing/support/script-process";
import { PRODUCTION_DATA_DIR, PRODUCTION_PORT } from "./support/topology";

const base = `http://localhost:${PRODUCTION_PORT}`;
const DEMO = { grantType: "password", email: "demo@ledgerlink.test", password: "ledgerlink-demo" };

let database: EmbeddedDatabase;

test.beforeAll(async () => {
  rmSync(PRODUCTION_DATA_DIR, { recursive: true, force: true });
  database = await startEmbeddedPostgres({ dir: path.join(PRODUCTION_DATA_DIR, "managed-pg"), database: "ledgerlink" });
});

test.afterAll(async () => {
  await database?.stop();
});

/** The environment of an operator's shell: nothing of the demo's, no secret unless given. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["AUTH_SECRET", "DEMO_DATA", "SANDBOX_BANK_ENABLED", "SANDBOX_BANK_URL", "NODE_ENV"])
    delete env[key];
  return {
    ...env,
    PORT: String(PRODUCTION_PORT),
    DATA_DIR: path.join(PRODUCTION_DATA_DIR, "app"),
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    ...extra,
  };
}

/** True when something accepts connections on the port (the demo's banks would be at PORT + 1). */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function errorCode(response: Awaited<ReturnType<APIRequestContext["post"]>>) {
  return ((await response.json()) as { error?: { code: string } }).error?.code;
}

async function tokenFor(request: APIRequestContext, email: string, password: string) {
  return request.post(`${base}/api/auth/v1/token`, { data: { grantType: "password", email, password } });
}

test("without an AUTH_SECRET of its own, a production start refuses to run and says why", async () => {
  const app = startScript("start", productionEnv({}), { captureStderr: true });
  // It exits by itself: `ready` rejects on the exit, and stop() then only reads how it ended.
  await expect(app.ready).rejects.toThrow(/exited \(1\) before it ran/);
  expect(await app.stop()).toEqual({ code: 1, signal: null });
  expect(app.output()).toContain("production mode (DATABASE_URL is set)");
  expect(app.output()).toMatch(/AUTH_SECRET is not set\./);
  expect(app.output()).toMatch(/openssl rand/);
});

test("DATABASE_URL set: no demo sign-in, no sandbox bank, the first admin from a setup link that works once", async ({
  request,
}) => {
  test.setTimeout(300_000);
  let app: ScriptProcess | null = null;
  try {
    app = startScript("start", productionEnv({ AUTH_SECRET: randomBytes(32).toString("base64url") }), {
      captureStderr: true,
    });
    await app.ready;
    const output = app.output();
    expect(output).not.toContain("Demo data created");
    expect(output).not.toContain("The sandbox banks are on");

    // The published demo password opens nothing.
    const demo = await request.post(`${base}/api/auth/v1/token`, { data: DEMO });
    expect(demo.status()).toBe(401);

    // No sandbox bank: not on the app's origin, not where the demo's banks process would listen.
    for (const p of ["/sandbox-bank/authorize", "/sandbox-bank/api/directory", "/enablebanking-fake/auth"]) {
      expect((await request.get(`${base}${p}`, { maxRedirects: 0 })).status(), p).toBe(404);
    }
    expect(await listening(PRODUCTION_PORT + 1)).toBe(false);

    // Before the first admin: no sign-up, whatever it tries; the setup link is untouched by the attempt.
    const signUp = (email: string) =>
      request.post(`${base}/api/auth/v1/sign-up`, { data: { email, password: "a long enough password", name: "Eve" } });
    const early = await signUp("early@example.com");
    expect([early.status(), await errorCode(early)]).toEqual([403, "signup_closed"]);
    expect((await request.get(`${base}/dev/mailbox`)).status()).toBe(404);

    // The setup link from the console: its secret is the fragment.
    const link = /\/setup#(\S+)/.exec(output);
    expect(link, output).not.toBeNull();
    const admin = {
      token: link?.[1] ?? "",
      email: "operator@example.com",
      password: "a long operator password",
      name: "Olga Operator",
      organisationName: "Acme Treasury",
    };
    const first = await request.post(`${base}/api/auth/v1/setup`, { data: admin });
    expect(first.status()).toBe(201);
    const created = (await first.json()) as {
      data: { user: { email: string }; scope: { scopeId: string; role: string } };
    };
    expect(created.data.user.email).toBe(admin.email);
    expect(created.data.scope.role).toBe("admin");

    const again = await request.post(`${base}/api/auth/v1/setup`, { data: { ...admin, email: "second@example.com" } });
    expect(again.status()).toBe(410);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("gone");
    expect((await tokenFor(request, "second@example.com", admin.password)).status()).toBe(401);

    // The administrator signs in; their scope offers no sandbox bank.
    const signedIn = await tokenFor(request, admin.email, admin.password);
    expect(signedIn.status()).toBe(200);
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;
    const headers = { authorization: `Bearer ${accessToken}`, "x-scope": created.data.scope.scopeId };
    const banks = await request.get(`${base}/api/accounttracking/v1/banks?country=BE`, { headers });
    expect(banks.status(), await banks.text()).toBe(200);

    // After the first admin: still no open sign-up; an invitation makes a member of the organisation.
    const late = await signUp("late@example.com");
    expect([late.status(), await errorCode(late)]).toEqual([403, "signup_closed"]);
    const invited = await request.post(`${base}/api/auth/v1/invites`, {
      headers,
      data: { email: "member@example.com", role: "member" },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    const inviteLink = ((await invited.json()) as { data: { link: string } }).data.link;
    expect(inviteLink).toMatch(/\/invite#ll_invite_/);
    const accepted = await request.post(`${base}/api/auth/v1/invites/accept`, {
      data: { token: inviteLink.split("#")[1], name: "Mia Member", password: "a member's long password" },
    });
    expect(accepted.status(), await accepted.text()).toBe(201);
    const joined = (await accepted.json()) as { data: { scope: { scopeId: string; role: string } } };
    expect(joined.data.scope).toMatchObject({ scopeId: created.data.scope.scopeId, role: "member" });
    expect((await tokenFor(request, "member@example.com", "a member's long password")).status()).toBe(200);
    const members = await request.get(`${base}/api/scopes/v1/members`, { headers });
    const emails = ((await members.json()) as { data: { email: string; role: string }[] }).data;
    expect(emails.map((m) => [m.email, m.role]).sort()).toEqual([
      ["member@example.com", "member"],
      [admin.email, "admin"],
    ]);
    expect(((await banks.json()) as { data: unknown[] }).data).toEqual([]);
    expect((await request.post(`${base}/api/accounttracking/v1/users`, { headers })).status()).toBe(201);
    const connect = await request.post(`${base}/api/accounttracking/v1/consents`, {
      headers,
      data: { integrationName: "sandbox", purpose: "account_access", expiryDays: 90 },
    });
    expect(connect.status(), await connect.text()).toBe(422);
    expect(((await connect.json()) as { error: { details: Record<string, string[]> } }).error.details).toEqual({
      integrationName: ["No bank integration is enabled on this server"],
    });
  } finally {
    const exit = await app?.stop("SIGTERM");
    if (exit) expect(exit).toEqual({ code: 0, signal: null });
  }
});
