// Account tracking without a bank round trip: who may set up, registration, validation, tenancy,
// and every way a bank callback can be forged or replayed (the consent never changes).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as active from "@/app/api/accounttracking/v1/active/route";
import * as users from "@/app/api/accounttracking/v1/users/route";
import * as consents from "@/app/api/accounttracking/v1/consents/route";
import * as one from "@/app/api/accounttracking/v1/consents/[consent]/route";
import * as accounts from "@/app/api/accounttracking/v1/consents/[consent]/accounts/route";
import * as remaining from "@/app/api/accounttracking/v1/consents/[consent]/remaining-days/route";
import * as revoke from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as renew from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import * as callback from "@/app/api/accounttracking/v1/consents/callback/[integration]/route";
import { BINDING_COOKIE } from "@/lib/accounttracking/authorization";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/lib/testing/http";
import { makeAppToken, makePerson } from "@/lib/testing/fixtures";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };
type ConsentBody = {
  data: { id: string; status: string; isValid: boolean; expiresAt: string | null; remainingDays: string };
};
const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");
const body = { integrationName: "sandbox", purpose: "account_access", expiryDays: 90 };

async function registered() {
  const p = await makePerson("tracker");
  expect(
    (await call(users.POST, "POST", "/api/accounttracking/v1/users", { headers: bearer(p.token, p.scopeId) })).status,
  ).toBe(201);
  return p;
}

async function pendingConsent(p: { token: string; scopeId: string }) {
  const res = await call<ConsentBody>(consents.POST, "POST", "/api/accounttracking/v1/consents", {
    headers: bearer(p.token, p.scopeId),
    body,
  });
  expect(res.status).toBe(201);
  return res.json.data;
}

/** A redirect in flight, as initiate-redirect would have stored it. */
async function authorization(
  consentId: string,
  options: { integration?: string; expiresInMs?: number; binding?: string | null } = {},
) {
  const state = randomBytes(32).toString("base64url");
  await prisma().consentAuthorization.create({
    data: {
      consentId,
      integrationName: options.integration ?? "sandbox",
      stateHash: sha256(state),
      bindingHash: options.binding ? sha256(options.binding) : null,
      expiresAt: new Date(Date.now() + (options.expiresInMs ?? 600_000)),
    },
  });
  return state;
}

const callbackUrl = (integration: string) => `/api/accounttracking/v1/consents/callback/${integration}`;

async function hitCallback(integration: string, query: string, cookie?: string) {
  return call(callback.GET, "GET", callbackUrl(integration), {
    query,
    params: { integration },
    headers: cookie ? { cookie } : {},
  });
}

describe("setup needs a person", () => {
  it("App tokens get 403 user_context_required on POST users and POST consents; nothing is created", async () => {
    const p = await makePerson();
    for (const kind of ["api_key", "connector_app", "delegated_agent"] as const) {
      const app = await makeAppToken(p.scopeId, "member", kind);
      const reg = await call<ErrorBody>(users.POST, "POST", "/api/accounttracking/v1/users", {
        headers: bearer(app.token, p.scopeId),
      });
      const con = await call<ErrorBody>(consents.POST, "POST", "/api/accounttracking/v1/consents", {
        headers: bearer(app.token, p.scopeId),
        body,
      });
      expect([reg.status, reg.json.error.code, con.status, con.json.error.code]).toEqual([
        403,
        "user_context_required",
        403,
        "user_context_required",
      ]);
    }
    expect(await prisma().trackingRegistration.count({ where: { scopeId: p.scopeId } })).toBe(0);
    expect(await prisma().consent.count({ where: { scopeId: p.scopeId } })).toBe(0);
  });

  it("registration is required before consents, and is idempotent", async () => {
    const p = await makePerson();
    const before = await call<{ data: { active: boolean } }>(active.GET, "GET", "/api/accounttracking/v1/active", {
      headers: bearer(p.token, p.scopeId),
    });
    expect(before.json.data.active).toBe(false);
    const refused = await call<ErrorBody>(consents.POST, "POST", "/api/accounttracking/v1/consents", {
      headers: bearer(p.token, p.scopeId),
      body,
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/Register for account tracking/);
    expect(
      (await call(users.POST, "POST", "/api/accounttracking/v1/users", { headers: bearer(p.token, p.scopeId) })).status,
    ).toBe(201);
    expect(
      (await call(users.POST, "POST", "/api/accounttracking/v1/users", { headers: bearer(p.token, p.scopeId) })).status,
    ).toBe(200);
    const after = await call<{ data: { active: boolean } }>(active.GET, "GET", "/api/accounttracking/v1/active", {
      headers: bearer(p.token, p.scopeId),
    });
    expect(after.json.data.active).toBe(true);
  });
});

describe("creating consents", () => {
  let p: Awaited<ReturnType<typeof registered>>;
  beforeAll(async () => {
    p = await registered();
  });

  it("starts pending, not valid, with no expiry and remainingDays equal to expiryDays as a string", async () => {
    const consent = await pendingConsent(p);
    expect(consent).toMatchObject({ status: "pending", isValid: false, expiresAt: null, remainingDays: "90" });
  });

  it("validates expiryDays, purpose and the integration with field details", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, expiryDays: 0 }, "expiryDays"],
      [{ ...body, expiryDays: 181 }, "expiryDays"],
      [{ ...body, expiryDays: 12.5 }, "expiryDays"],
      [{ ...body, purpose: "payments" }, "purpose"],
      [{ ...body, integrationName: "no-such-bank-api" }, "integrationName"],
    ];
    const before = await prisma().consent.count({ where: { scopeId: p.scopeId } });
    for (const [input, field] of cases) {
      const res = await call<ErrorBody>(consents.POST, "POST", "/api/accounttracking/v1/consents", {
        headers: bearer(p.token, p.scopeId),
        body: input,
      });
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(Object.keys(res.json.error.details ?? {})).toEqual([field]);
    }
    expect(await prisma().consent.count({ where: { scopeId: p.scopeId } })).toBe(before);
  });

  it("reading a pending consent's accounts is a clear 409; renew is 409; remaining days are the requested days", async () => {
    const consent = await pendingConsent(p);
    const res = await call<ErrorBody>(accounts.GET, "GET", "x", {
      headers: bearer(p.token, p.scopeId),
      params: { consent: consent.id },
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toMatch(/pending/);
    expect(
      (await call(renew.POST, "POST", "x", { headers: bearer(p.token, p.scopeId), params: { consent: consent.id } }))
        .status,
    ).toBe(409);
    const days = await call<{ data: { remainingDays: string; status: string } }>(remaining.GET, "GET", "x", {
      headers: bearer(p.token, p.scopeId),
      params: { consent: consent.id },
    });
    expect(days.json.data).toMatchObject({ remainingDays: "90", status: "pending" });
  });

  it("revoking a pending consent that never reached the bank ends it; revoking again changes nothing", async () => {
    const consent = await pendingConsent(p);
    const first = await call<ConsentBody>(revoke.POST, "POST", "x", {
      headers: bearer(p.token, p.scopeId),
      params: { consent: consent.id },
    });
    expect(first.json.data).toMatchObject({ status: "revoked", isValid: false, remainingDays: "0" });
    const again = await call<ConsentBody>(revoke.POST, "POST", "x", {
      headers: bearer(p.token, p.scopeId),
      params: { consent: consent.id },
    });
    expect(again.status).toBe(200);
  });

  it("a consent of another scope is 404 on every consent route", async () => {
    const other = await makePerson();
    const consent = await pendingConsent(p);
    for (const handler of [one.GET, accounts.GET, remaining.GET]) {
      expect(
        (
          await call(handler, "GET", "x", {
            headers: bearer(other.token, other.scopeId),
            params: { consent: consent.id },
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (
        await call(revoke.POST, "POST", "x", {
          headers: bearer(other.token, other.scopeId),
          params: { consent: consent.id },
        })
      ).status,
    ).toBe(404);
  });
});

describe("bank callback", () => {
  let p: Awaited<ReturnType<typeof registered>>;
  beforeAll(async () => {
    p = await registered();
  });

  // A flow started through the API (these rows have no browser binding) ends on the public page;
  // one started in our UI on the signed-in one (lib/accounttracking/callback.ts).
  async function expectRejected(
    res: Awaited<ReturnType<typeof hitCallback>>,
    reason: string,
    consentId: string,
    page = "/bank-connection-result",
  ) {
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location") ?? "");
    expect(location.pathname).toBe(page);
    expect(location.searchParams.get("outcome")).toBe("error");
    expect(location.searchParams.get("reason")).toBe(reason);
    const consent = await prisma().consent.findUniqueOrThrow({ where: { id: consentId } });
    expect(consent.status).toBe("pending");
    expect(consent.statusReason).toBeNull();
  }

  it("a forged or missing state is rejected", async () => {
    const consent = await pendingConsent(p);
    await expectRejected(
      await hitCallback("sandbox", `state=${randomBytes(32).toString("base64url")}&result=ok`),
      "unknown_state",
      consent.id,
    );
    await expectRejected(await hitCallback("sandbox", "result=nok"), "missing_state", consent.id);
  });

  it("a state used on another integration's callback path is rejected and stays usable only on its own", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id);
    await expectRejected(await hitCallback("other-bank", `state=${state}&result=nok`), "wrong_integration", consent.id);
    expect(
      (await prisma().consentAuthorization.findFirstOrThrow({ where: { consentId: consent.id } })).usedAt,
    ).toBeNull();
  });

  it("an expired state is rejected", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id, { expiresInMs: -1000 });
    await expectRejected(await hitCallback("sandbox", `state=${state}&result=nok`), "expired_state", consent.id);
  });

  it("a state is spent once: the deny redirect rejects the consent, the replay changes nothing", async () => {
    const consent = await pendingConsent(p);
    const state = await authorization(consent.id);
    const first = await hitCallback("sandbox", `state=${state}&result=nok`);
    expect(first.status).toBe(303);
    expect(new URL(first.headers.get("location") ?? "").searchParams.get("status")).toBe("rejected");
    const stored = await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } });
    expect(stored.status).toBe("rejected");
    const replay = await hitCallback("sandbox", `state=${state}&result=ok`);
    expect(new URL(replay.headers.get("location") ?? "").searchParams.get("reason")).toBe("used_state");
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } })).updatedAt).toEqual(
      stored.updatedAt,
    );
  });

  it("a redirect started in our UI is refused in another browser (no or another binding cookie)", async () => {
    const consent = await pendingConsent(p);
    const binding = randomBytes(32).toString("base64url");
    const state = await authorization(consent.id, { binding });
    await expectRejected(
      await hitCallback("sandbox", `state=${state}&result=nok`),
      "other_browser",
      consent.id,
      "/connect/result",
    );
    await expectRejected(
      await hitCallback(
        "sandbox",
        `state=${state}&result=nok`,
        `${BINDING_COOKIE}=${randomBytes(32).toString("base64url")}`,
      ),
      "other_browser",
      consent.id,
      "/connect/result",
    );
    const same = await hitCallback("sandbox", `state=${state}&result=nok`, `${BINDING_COOKIE}=${binding}`);
    expect(new URL(same.headers.get("location") ?? "").searchParams.get("status")).toBe("rejected");
  });

  it("an approval can never revive an ended consent", async () => {
    const consent = await pendingConsent(p);
    await call(revoke.POST, "POST", "x", { headers: bearer(p.token, p.scopeId), params: { consent: consent.id } });
    const state = await authorization(consent.id);
    await hitCallback("sandbox", `state=${state}&result=nok`);
    expect((await prisma().consent.findUniqueOrThrow({ where: { id: consent.id } })).status).toBe("revoked");
  });
});

describe("listing", () => {
  it("lists only the scope's consents, newest first; App tokens can read", async () => {
    const p = await registered();
    const a = await pendingConsent(p);
    const b = await pendingConsent(p);
    const app = await makeAppToken(p.scopeId, "viewer");
    const res = await call<{ data: { id: string }[] }>(consents.GET, "GET", "/api/accounttracking/v1/consents", {
      headers: bearer(app.token, p.scopeId),
    });
    expect(res.status).toBe(200);
    expect(res.json.data.map((c) => c.id)).toEqual([b.id, a.id]);
    expect(randomUUID()).not.toBe(a.id);
  });
});
