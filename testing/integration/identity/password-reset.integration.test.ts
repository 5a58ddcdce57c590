// Password reset by mailed link (lib/identity/password-reset.ts): asking answers 202 whether or not
// the email has an account and mails only an account's person; the link works once, for 30 minutes,
// only the newest works, and using it sets the password and ends every session and sign-in token.
// No SMTP_URL here: the mail is printed and kept in the dev mailbox, where the test reads it.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as requestRoute from "@/app/api/auth/v1/password-reset/route";
import * as confirmRoute from "@/app/api/auth/v1/password-reset/confirm/route";
import * as scopes from "@/app/api/scopes/v1/route";
import { pool } from "@/lib/db/client";
import { checkCredentials } from "@/lib/identity/credentials";
import { keptMail } from "@/lib/mail/dev-mailbox";
import { makePerson, sessionCookie, TEST_PASSWORD } from "@/testing/support/fixtures";
import { bearer, call, type CallResult } from "@/testing/support/http";

const NEW_PASSWORD = "a reset passphrase, long enough";
const codeOf = (res: CallResult<unknown>) => (res.json as { error?: { code: string } } | null)?.error?.code ?? null;

afterEach(() => {
  vi.restoreAllMocks();
});

/** Asks for a link; returns the secret of the mail it left for `email`, or null when none came. */
async function ask(email: string): Promise<string | null> {
  vi.spyOn(console, "log").mockImplementation(() => undefined);
  const before = keptMail()[0]?.id ?? 0;
  const res = await call(requestRoute.POST, "POST", "/api/auth/v1/password-reset", { body: { email } });
  expect(res.status, res.text).toBe(202);
  expect(res.json).toMatchObject({ data: { requested: true } });
  const mail = keptMail().find((m) => m.id > before && m.to === email);
  if (!mail) return null;
  expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/reset-password#ll_reset_[A-Za-z0-9_-]{43}$/);
  expect(console.log).toHaveBeenCalledWith(expect.stringContaining(mail.link));
  return mail.link.split("#")[1];
}

const confirm = (token: string, newPassword = NEW_PASSWORD) =>
  call(confirmRoute.POST, "POST", "/api/auth/v1/password-reset/confirm", { body: { token, newPassword } });

describe("password reset", () => {
  it("answers an unknown email exactly as a known one, and mails nobody", async () => {
    expect(await ask(`nobody-${Date.now()}@example.test`)).toBeNull();
  });

  it("sets the password once, and ends every session and sign-in token but not personal tokens", async () => {
    const p = await makePerson("reset");
    const cookie = await sessionCookie(p.userId);
    const token = await ask(p.email);
    expect(token).not.toBeNull();

    const done = await confirm(token ?? "");
    expect(done.status, done.text).toBe(204);
    expect(await checkCredentials(p.email, NEW_PASSWORD)).not.toBeNull();
    expect(await checkCredentials(p.email, TEST_PASSWORD)).toBeNull();
    const session = await call(scopes.GET, "GET", "/api/scopes/v1", { headers: { cookie } });
    expect([session.status, codeOf(session)]).toEqual([401, "credentials_changed"]);
    expect((await call(scopes.GET, "GET", "/api/scopes/v1", { headers: bearer(p.token) })).status).toBe(200);

    const again = await confirm(token ?? "", "yet another passphrase");
    expect([again.status, codeOf(again)]).toEqual([410, "gone"]);
    expect(await checkCredentials(p.email, NEW_PASSWORD)).not.toBeNull();
  });

  it("only the newest link works, and none after 30 minutes", async () => {
    const p = await makePerson("reset-newest");
    const first = await ask(p.email);
    const second = await ask(p.email);
    expect((await confirm(first ?? "")).status).toBe(410);

    await pool().query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      p.userId,
    ]);
    expect((await confirm(second ?? "")).status).toBe(410);
    expect(await checkCredentials(p.email, TEST_PASSWORD)).not.toBeNull();

    const third = await ask(p.email);
    const expiresIn = await pool().query<{ minutes: number }>(
      "SELECT extract(epoch FROM expires_at - created_at)::float8 / 60 AS minutes FROM password_resets WHERE user_id = $1 AND used_at IS NULL AND expires_at > now()",
      [p.userId],
    );
    expect(expiresIn.rows.map((r) => Math.round(r.minutes))).toEqual([30]);
    expect((await confirm(third ?? "")).status).toBe(204);
  });
});
