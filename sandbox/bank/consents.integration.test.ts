// The consent lifecycle over the bank's HTTP handlers: creation and its validation, the redirect flow
// (login, Approve, Deny, Cancel, the deny and slow users), status reads and DELETE.
import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import {
  TPP_NOK,
  TPP_OK,
  accounts,
  approvedConsent,
  consentDelete,
  consentGet,
  consentStatus,
  createConsent,
  decide,
  login,
  sandboxToday,
} from "@/sandbox/bank/testing/bank-calls";
import { TEST_BANKS_ORIGIN } from "@/sandbox/testing/test-banks";
import * as spec from "@/sandbox/bank/testing/spec-shapes";
import { addDays } from "@/sandbox/bank/data/dates";

const BANK = "sbx-be-01";

describe("POST /v1/consents", () => {
  it("creates a received consent with scaRedirect, self and status links", async () => {
    const res = await createConsent(BANK);
    expect(res.status).toBe(201);
    const body = spec.consentsResponse201.parse(res.json);
    expect(body.consentStatus).toBe("received");
    expect(body._links.scaRedirect.href).toBe(
      `${TEST_BANKS_ORIGIN}/sandbox-bank/${BANK}/authorize?consentId=${body.consentId}`,
    );
    expect(body._links.status.href).toBe(`/sandbox-bank/api/banks/${BANK}/v1/consents/${body.consentId}/status`);
    expect(res.headers.get("location")).toBe(body._links.self.href);
    expect(res.headers.get("aspsp-sca-approach")).toBe("REDIRECT");
    expect(await consentStatus(BANK, body.consentId)).toBe("received");
  });

  it.each([
    ["missing X-Request-ID", { headers: { "x-request-id": "" } }, /X-Request-ID/],
    ["a non-UUID X-Request-ID", { headers: { "x-request-id": "abc" } }, /UUID/],
    ["a relative TPP-Redirect-URI", { headers: { "tpp-redirect-uri": "/callback" } }, /TPP-Redirect-URI/],
    ["no TPP-Redirect-URI", { headers: { "tpp-redirect-uri": "" } }, /TPP-Redirect-URI/],
    ["frequencyPerDay 0", { body: { frequencyPerDay: 0 } }, /frequencyPerDay/],
    ["validUntil in the past", { body: { validUntil: "2001-01-01" } }, /past/],
    ["a malformed validUntil", { body: { validUntil: "2030-02-30" } }, /validUntil/],
    ["no access", { body: { access: {} } }, /access/],
    ["no combinedServiceIndicator", { body: { combinedServiceIndicator: undefined } }, /combinedServiceIndicator/],
  ])("answers 400 FORMAT_ERROR for %s", async (_label, options, text) => {
    const res = await createConsent(BANK, options);
    expect(res.status).toBe(400);
    const err = spec.tppError.parse(res.json);
    expect(err.tppMessages[0]).toMatchObject({ category: "ERROR", code: "FORMAT_ERROR" });
    expect(err.tppMessages[0].text).toMatch(text);
  });

  it("adjusts a far validUntil to 180 days and answers 404 RESOURCE_UNKNOWN for an unknown bank", async () => {
    // Another test file may move the sandbox clock meanwhile: accept the day before or after.
    const before = await sandboxToday();
    const res = await createConsent(BANK, { body: { validUntil: "9999-12-31" } });
    const info = await consentGet(BANK, String(res.json.consentId));
    expect([addDays(before, 180), addDays(await sandboxToday(), 180)]).toContain(info.json.validUntil);
    const unknown = await createConsent("sbx-xx-99");
    expect(unknown.status).toBe(404);
  });

  it("stamps every response with the sandbox Date and echoes X-Request-ID", async () => {
    const id = randomUUID();
    const before = await sandboxToday();
    const res = await createConsent(BANK, { headers: { "x-request-id": id } });
    expect(res.headers.get("x-request-id")).toBe(id);
    expect([before, await sandboxToday()]).toContain(
      new Date(res.headers.get("date") ?? "").toISOString().slice(0, 10),
    );
  });
});

describe("the redirect flow", () => {
  it("approves: login, Approve, 303 to the TPP-Redirect-URI exactly, consent valid", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const { res, cookie } = await login(BANK, consentId, "alice", "secret");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(
      `${TEST_BANKS_ORIGIN}/sandbox-bank/${BANK}/authorize?consentId=${consentId}`,
    );
    expect(cookie).toMatch(/^sbx_auth_/);
    const approved = await decide(BANK, consentId, "approve", cookie);
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(TPP_OK);
    expect(await consentStatus(BANK, consentId)).toBe("valid");
    const info = await consentGet(BANK, consentId);
    const body = spec.consentInformationResponse200.parse(info.json);
    expect(body).toMatchObject({
      consentStatus: "valid",
      access: { allPsd2: "allAccounts" },
      frequencyPerDay: 4,
      recurringIndicator: true,
    });
    expect(spec.consentStatusResponse200.parse({ consentStatus: await consentStatus(BANK, consentId) })).toBeTruthy();
  });

  it("refuses Approve without the login cookie and keeps the consent received", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    await login(BANK, consentId, "alice");
    const res = await decide(BANK, consentId, "approve", "sbx_auth_x=forged");
    expect(res.headers.get("location")).toContain("error=login_required");
    expect(await consentStatus(BANK, consentId)).toBe("received");
  });

  it("rejects on Deny and on Cancel, redirecting to the nok URI (or the redirect URI without one)", async () => {
    const denied = String((await createConsent(BANK)).json.consentId);
    const { cookie } = await login(BANK, denied, "alice");
    expect((await decide(BANK, denied, "deny", cookie)).headers.get("location")).toBe(TPP_NOK);
    expect(await consentStatus(BANK, denied)).toBe("rejected");
    const cancelled = String((await createConsent(BANK, { headers: { "tpp-nok-redirect-uri": "" } })).json.consentId);
    expect((await decide(BANK, cancelled, "cancel")).headers.get("location")).toBe(TPP_OK);
    expect(await consentStatus(BANK, cancelled)).toBe("rejected");
  });

  it("user deny: the bank declines even when Approve is pressed", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const { cookie } = await login(BANK, consentId, "deny");
    const res = await decide(BANK, consentId, "approve", cookie);
    expect(res.headers.get("location")).toBe(TPP_NOK);
    expect(await consentStatus(BANK, consentId)).toBe("rejected");
  });

  it("user slow: received until SANDBOX_SLOW_APPROVAL_SECONDS (1 s here) after Approve, then valid", async () => {
    const consentId = await approvedConsent(BANK, "slow");
    expect(await consentStatus(BANK, consentId)).toBe("received");
    expect((await accounts(BANK, { consentId })).json).toMatchObject({ tppMessages: [{ code: "CONSENT_INVALID" }] });
    // The bank (served in this process) reads Date.now(): move the clock past the delay, don't sleep.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 1_100);
      expect(await consentStatus(BANK, consentId)).toBe("valid");
    } finally {
      vi.useRealTimers();
    }
  });

  it("rejects malformed user ids at login with a message and does not log in", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const { res, cookie } = await login(BANK, consentId, "bulk-0");
    expect(res.headers.get("location")).toContain("error=user_message");
    expect(cookie).toBe("");
  });
});

describe("consent reads and DELETE", () => {
  it("answers 403 CONSENT_UNKNOWN for an unknown id and for another bank's consent", async () => {
    expect((await consentGet(BANK, randomUUID())).json).toMatchObject({ tppMessages: [{ code: "CONSENT_UNKNOWN" }] });
    const consentId = String((await createConsent(BANK)).json.consentId);
    const other = await consentGet("sbx-nl-01", consentId);
    expect(other.status).toBe(403);
  });

  it("DELETE terminates: 204, then terminatedByTpp and 401 CONSENT_INVALID on account calls", async () => {
    const consentId = await approvedConsent(BANK, "alice");
    const res = await consentDelete(BANK, consentId);
    expect(res.status).toBe(204);
    expect(await consentStatus(BANK, consentId)).toBe("terminatedByTpp");
    const list = await accounts(BANK, { consentId });
    expect(list.status).toBe(401);
    expect(list.json).toMatchObject({ tppMessages: [{ code: "CONSENT_INVALID" }] });
  });
});
