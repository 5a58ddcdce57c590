// A session cookie is whatever the browser (or an attacker) sends: a malformed one is "not signed
// in" (401 in the envelope), never a 500.
import { describe, expect, it } from "vitest";
import * as scopes from "@/app/api/scopes/v1/route";
import { sessionUserId } from "@/lib/auth/session";
import { makePerson, sessionCookie } from "@/testing/support/fixtures";
import { call } from "@/testing/support/http";

const MALFORMED = [
  "authjs.session-token=%E0%A4%A", // broken percent-encoding: decodeURIComponent throws
  "authjs.session-token=%zz",
  "authjs.session-token=not-a-jwe",
  "authjs.session-token.0=%; authjs.session-token.1=x",
  "__Secure-authjs.session-token=%ff%fe",
];

describe("session cookie", () => {
  it.each(MALFORMED)("a malformed cookie (%s) is no session", async (cookie) => {
    await expect(sessionUserId(cookie)).resolves.toBeNull();
  });

  it.each(MALFORMED)("a malformed cookie (%s) answers 401 unauthenticated", async (cookie) => {
    const res = await call(scopes.GET, "GET", "/api/scopes/v1", { headers: { cookie } });
    expect(res.status).toBe(401);
    expect((res.json as { error: { code: string } }).error.code).toBe("unauthenticated");
  });

  it("a valid cookie next to a malformed unrelated one still signs the person in", async () => {
    const p = await makePerson();
    const cookie = `other=%E0%A4%A; ${await sessionCookie(p.userId)}`;
    await expect(sessionUserId(cookie)).resolves.toBe(p.userId);
    const res = await call(scopes.GET, "GET", "/api/scopes/v1", { headers: { cookie } });
    expect(res.status).toBe(200);
  });
});
