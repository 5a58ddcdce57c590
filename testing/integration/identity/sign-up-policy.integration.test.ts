// Sign-up is the operator's call (lib/identity/sign-up-policy.ts, lib/identity/invites.ts): SIGNUP
// open, invite or closed; an admin's invitation makes a member of their scope, once; a production
// installation takes no account before its first admin. Refusals are 403 signup_closed.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as acceptRoute from "@/app/api/auth/v1/invites/accept/route";
import * as invitesRoute from "@/app/api/auth/v1/invites/route";
import * as signUpRoute from "@/app/api/auth/v1/sign-up/route";
import * as members from "@/app/api/scopes/v1/members/route";
import type { Tx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { checkCredentials } from "@/lib/identity/credentials";
import { assertSignUpAllowed } from "@/lib/identity/sign-up-policy";
import { keptMail } from "@/lib/mail/dev-mailbox";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call, type CallResult } from "@/testing/support/http";

const PASSWORD = "an invited passphrase";
const saved = { SIGNUP: env.SIGNUP, LAUNCH_MODE: env.LAUNCH_MODE };
const setting = (values: Partial<typeof saved>) => Object.assign(env, values);
const codeOf = (res: CallResult<unknown>) => (res.json as { error?: { code: string } } | null)?.error?.code ?? null;

afterEach(() => {
  setting(saved);
  vi.restoreAllMocks();
});

const signUp = (email: string) =>
  call(signUpRoute.POST, "POST", "/api/auth/v1/sign-up", { body: { email, password: PASSWORD, name: "Self" } });
const invite = (admin: { token: string; scopeId: string }, body: Record<string, unknown>) =>
  call<{ data: { email: string; role: string; link: string; expiresAt: string } }>(
    invitesRoute.POST,
    "POST",
    "/api/auth/v1/invites",
    { headers: bearer(admin.token, admin.scopeId), body },
  );
const accept = (token: string) =>
  call<{ data: { user: { email: string }; scope: { scopeId: string; role: string } } }>(
    acceptRoute.POST,
    "POST",
    "/api/auth/v1/invites/accept",
    { body: { token, name: "Invited Ines", password: PASSWORD } },
  );

describe("sign-up policy", () => {
  it("invite: open sign-up is refused, an admin's invitation makes a member of their scope, once", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const admin = await makePerson("inviter");
    setting({ SIGNUP: "invite" });
    const email = `invited-${Date.now()}@example.test`;
    const refused = await signUp(email);
    expect([refused.status, codeOf(refused)]).toEqual([403, "signup_closed"]);
    expect((refused.json as { error: { message: string } }).error.message).toMatch(/by invitation only/);

    const invited = await invite(admin, { email, role: "member" });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json.data).toMatchObject({ email, role: "member" });
    const { link } = invited.json.data;
    expect(link).toMatch(/^http:\/\/localhost:\d+\/invite#ll_invite_[A-Za-z0-9_-]{43}$/);
    expect(keptMail().find((m) => m.to === email)?.link).toBe(link);
    const days = (Date.parse(invited.json.data.expiresAt) - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(7);

    const joined = await accept(link.split("#")[1]);
    expect(joined.status, joined.text).toBe(201);
    expect(joined.json.data).toMatchObject({ user: { email }, scope: { scopeId: admin.scopeId, role: "member" } });
    expect(await checkCredentials(email, PASSWORD)).not.toBeNull();
    const list = await call<{ data: { email: string; role: string }[] }>(members.GET, "GET", "/api/scopes/v1/members", {
      headers: bearer(admin.token, admin.scopeId),
    });
    expect(list.json.data.find((m) => m.email === email)?.role).toBe("member");

    const again = await accept(link.split("#")[1]);
    expect([again.status, codeOf(again)]).toEqual([410, "gone"]);
    const existing = await invite(admin, { email, role: "viewer" });
    expect(existing.status).toBe(409);
  });

  it("a newer invitation withdraws the older; an admin role cannot be invited; members cannot invite", async () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const admin = await makePerson("inviter-2");
    const email = `twice-${Date.now()}@example.test`;
    const first = await invite(admin, { email, role: "viewer" });
    const second = await invite(admin, { email, role: "viewer" });
    expect((await accept(first.json.data.link.split("#")[1])).status).toBe(410);
    expect((await invite(admin, { email: `x-${email}`, role: "admin" })).status).toBe(422);
    const joined = await accept(second.json.data.link.split("#")[1]);
    expect(joined.json.data.scope.role).toBe("viewer");

    const outsider = await makePerson("outsider");
    const notAdmin = await invite({ token: outsider.token, scopeId: admin.scopeId }, { email: `y-${email}` });
    expect(notAdmin.status).toBe(404);
  });

  it("closed: neither sign-up nor invitations", async () => {
    const admin = await makePerson("closed-admin");
    setting({ SIGNUP: "closed" });
    for (const res of [
      await signUp(`closed-${Date.now()}@example.test`),
      await invite(admin, { email: "z@example.test" }),
    ])
      expect([res.status, codeOf(res)]).toEqual([403, "signup_closed"]);
  });

  it("open: anyone signs up, with their own scope", async () => {
    setting({ SIGNUP: "open" });
    const res = await signUp(`open-${Date.now()}@example.test`);
    expect(res.status, res.text).toBe(201);
  });

  it("production: no account of any kind before the first admin exists, whatever SIGNUP says", async () => {
    const withUsers = (n: number) => ({ user: { count: () => Promise.resolve(n) } }) as unknown as Tx;
    const [empty, someone] = [withUsers(0), withUsers(1)];
    for (const SIGNUP of ["open", "invite"] as const) {
      setting({ LAUNCH_MODE: "production", SIGNUP });
      for (const path of ["open", "invite"] as const)
        await expect(assertSignUpAllowed(empty, path)).rejects.toThrow(/no administrator yet/);
    }
    setting({ LAUNCH_MODE: "production", SIGNUP: "open" });
    await expect(assertSignUpAllowed(someone, "open")).resolves.toBeUndefined();
    setting({ LAUNCH_MODE: "demo", SIGNUP: "open" });
    await expect(assertSignUpAllowed(empty, "open")).resolves.toBeUndefined();
  });
});
