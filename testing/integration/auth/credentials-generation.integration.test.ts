// Credentials end together (lib/auth/credentials-generation.ts): a password change and "sign out
// everywhere" end every other browser session and every token of a password sign-in, on their next
// request (401 credentials_changed), while the session that did it is re-issued and stays, and
// personal tokens stay. Through the real kernel and PostgreSQL, with the principal cache off (its
// own notifications are in principal-cache.integration.test.ts).
import { describe, expect, it } from "vitest";
import * as passwordRoute from "@/app/api/auth/v1/me/password/route";
import * as signOutRoute from "@/app/api/auth/v1/me/sign-out-everywhere/route";
import * as resetRoute from "@/app/api/auth/v1/password-reset/route";
import * as tokenRoute from "@/app/api/auth/v1/token/route";
import * as scopes from "@/app/api/scopes/v1/route";
import { browserSession } from "@/lib/auth/session";
import { makePerson, sessionCookie, TEST_PASSWORD } from "@/testing/support/fixtures";
import { bearer, call, type CallResult } from "@/testing/support/http";

type Pair = { data: { accessToken: string; refreshToken: string } };
const SAME_ORIGIN = { origin: "http://localhost", host: "localhost" };
const NEW_PASSWORD = "a brand new passphrase";

const codeOf = (res: CallResult<unknown>) => (res.json as { error?: { code: string } } | null)?.error?.code ?? null;
const scopesAs = (headers: Record<string, string>) => call(scopes.GET, "GET", "/api/scopes/v1", { headers });

async function passwordSignIn(email: string, password: string) {
  const res = await call<Pair>(tokenRoute.POST, "POST", "/api/auth/v1/token", {
    body: { grantType: "password", email, password },
  });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

const refresh = (refreshToken: string) =>
  call<Pair>(tokenRoute.POST, "POST", "/api/auth/v1/token", { body: { grantType: "refresh_token", refreshToken } });

/** The cookie header a Set-Cookie answer leaves the browser with. */
function cookieFrom(res: CallResult<unknown>): string {
  const set = res.headers.get("set-cookie") ?? "";
  expect(set).toMatch(/^authjs\.session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
  return set.split(";")[0];
}

describe("credentials generation", () => {
  it("a password change ends the other sessions and sign-in tokens, keeps this session and personal tokens", async () => {
    const p = await makePerson("generation");
    const mine = await sessionCookie(p.userId);
    const other = await sessionCookie(p.userId);
    const signIn = await passwordSignIn(p.email, TEST_PASSWORD);
    for (const headers of [{ cookie: other }, bearer(signIn.accessToken)])
      expect((await scopesAs(headers)).status).toBe(200);

    const changed = await call(passwordRoute.PUT, "PUT", "/api/auth/v1/me/password", {
      headers: { cookie: mine, ...SAME_ORIGIN },
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status, changed.text).toBe(204);
    const reissued = cookieFrom(changed);
    expect(await browserSession(reissued)).toEqual({
      userId: p.userId,
      generation: 1,
      cookieName: "authjs.session-token",
    });

    for (const headers of [{ cookie: other }, { cookie: mine }, bearer(signIn.accessToken)]) {
      const res = await scopesAs(headers);
      expect([res.status, codeOf(res)]).toEqual([401, "credentials_changed"]);
    }
    // The ended session's cookie is deleted by the refusal, and is no one on a public route.
    expect((await scopesAs({ cookie: other })).headers.get("set-cookie")).toBe(
      "authjs.session-token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
    const asked = await call(resetRoute.POST, "POST", "/api/auth/v1/password-reset", {
      headers: { cookie: other, ...SAME_ORIGIN },
      body: { email: `nobody-${p.userId}@example.test` },
    });
    expect(asked.status, asked.text).toBe(202);
    const refused = await refresh(signIn.refreshToken);
    expect([refused.status, codeOf(refused)]).toEqual([401, "credentials_changed"]);

    expect((await scopesAs({ cookie: reissued })).status).toBe(200);
    expect((await scopesAs(bearer(p.token))).status).toBe(200);
    // A sign-in with the new password is of the new generation, and refreshes.
    const fresh = await passwordSignIn(p.email, NEW_PASSWORD);
    expect((await scopesAs(bearer(fresh.accessToken))).status).toBe(200);
    const rotated = await refresh(fresh.refreshToken);
    expect(rotated.status, rotated.text).toBe(200);
    expect((await scopesAs(bearer(rotated.json.data.accessToken))).status).toBe(200);
  });

  it("sign out everywhere ends every other session and sign-in token, and only for that person", async () => {
    const p = await makePerson("everywhere");
    const bystander = await makePerson("bystander");
    const mine = await sessionCookie(p.userId);
    const other = await sessionCookie(p.userId);
    const theirs = await sessionCookie(bystander.userId);
    const signIn = await passwordSignIn(p.email, TEST_PASSWORD);

    const ended = await call(signOutRoute.POST, "POST", "/api/auth/v1/me/sign-out-everywhere", {
      headers: { cookie: mine, ...SAME_ORIGIN },
    });
    expect(ended.status, ended.text).toBe(204);
    const reissued = cookieFrom(ended);

    for (const headers of [{ cookie: other }, bearer(signIn.accessToken)]) {
      const res = await scopesAs(headers);
      expect([res.status, codeOf(res)]).toEqual([401, "credentials_changed"]);
    }
    expect((await refresh(signIn.refreshToken)).status).toBe(401);
    for (const headers of [{ cookie: reissued }, bearer(p.token), { cookie: theirs }])
      expect((await scopesAs(headers)).status).toBe(200);
  });

  it("refuses a token acting as the person (403), and ends nothing", async () => {
    const p = await makePerson("everywhere-token");
    const cookie = await sessionCookie(p.userId);
    const res = await call(signOutRoute.POST, "POST", "/api/auth/v1/me/sign-out-everywhere", {
      headers: bearer(p.token),
    });
    expect(res.status).toBe(403);
    expect((await scopesAs({ cookie })).status).toBe(200);
  });
});
