// Account tracking without a bank round trip: who may set up, registration, validation, tenancy and
// listing (forged and replayed bank callbacks: callback-state.integration.test.ts).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as active from "@/app/api/accounttracking/v1/active/route";
import * as users from "@/app/api/accounttracking/v1/users/route";
import * as consents from "@/app/api/accounttracking/v1/consents/route";
import * as one from "@/app/api/accounttracking/v1/consents/[consent]/route";
import * as accounts from "@/app/api/accounttracking/v1/consents/[consent]/accounts/route";
import * as remaining from "@/app/api/accounttracking/v1/consents/[consent]/remaining-days/route";
import * as revoke from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as renew from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { body, pendingConsent, registered, type ConsentBody } from "@/testing/support/consent-setup";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, string[]> } };

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
