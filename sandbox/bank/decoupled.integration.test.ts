// The decoupled approach (NextGenPSD2 scaApproach DECOUPLED) at the sandbox bank: a consent asked
// with PSU-ID decoupled gets no redirect link but an SCA status link; the request waits on the
// banking app page until the person approves or declines it there; the SCA status follows
// (started → finalised | failed), as does the consent's; unanswered, it fails after the bank's timeout.
// Every answer is parsed with the spec's shapes.
import { describe, expect, it, vi } from "vitest";
import { accounts, consentStatus, createConsent } from "@/sandbox/bank/testing/bank-calls";
import * as spec from "@/sandbox/bank/testing/spec-shapes";
import { IN_APP_TIMEOUT_SECONDS } from "@/sandbox/bank/xs2a/consent-guard";
import { bankRequest } from "@/sandbox/testing/test-banks";

const BANK = "sbx-be-01";

async function decoupledConsent() {
  const res = await createConsent(BANK, { headers: { "psu-id": "decoupled", "tpp-redirect-preferred": "false" } });
  expect(res.status).toBe(201);
  expect(res.headers.get("aspsp-sca-approach")).toBe("DECOUPLED");
  return spec.consentsResponse201Decoupled.parse(res.json);
}

async function scaStatus(href: string) {
  const res = await bankRequest(href, { method: "GET" });
  expect(res.status).toBe(200);
  return spec.scaStatusResponse.parse(res.json).scaStatus;
}

const appPage = (user: string) => bankRequest(`/sandbox-bank/app?user=${user}`, { method: "GET" });
const answerInApp = (consentId: string, decision: "approve" | "decline", user = "decoupled") =>
  bankRequest("/sandbox-bank/app/decision", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    rawBody: new URLSearchParams({ consentId, user, decision }).toString(),
  });

describe("decoupled approval", () => {
  it("PSU-ID decoupled: no redirect link, an SCA status link; approved in the app it is finalised and valid", async () => {
    const created = await decoupledConsent();
    expect(created.psuMessage).toMatch(/banking app/);
    const statusLink = created._links.scaStatus.href;
    expect(await scaStatus(statusLink)).toBe("started");
    const listed = await appPage("decoupled");
    expect(listed.text).toContain(created.consentId);
    expect(listed.text).toContain("Approve");

    // Someone else's app does not list it, and cannot answer it.
    expect((await appPage("alice")).text).not.toContain(created.consentId);
    expect((await answerInApp(created.consentId, "approve", "alice")).headers.get("location")).toContain("done=gone");
    expect(await consentStatus(BANK, created.consentId)).toBe("received");

    const approved = await answerInApp(created.consentId, "approve");
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toContain("done=approved");
    expect(await scaStatus(statusLink)).toBe("finalised");
    expect(await consentStatus(BANK, created.consentId)).toBe("valid");
    const list = await accounts(BANK, { consentId: created.consentId });
    expect(list.status).toBe(200);
    expect(spec.accountList.parse(list.json).accounts.length).toBeGreaterThan(0);
    expect((await appPage("decoupled")).text).not.toContain(created.consentId);
  });

  it("declined in the app: failed, and the consent rejected", async () => {
    const created = await decoupledConsent();
    await answerInApp(created.consentId, "decline");
    expect(await scaStatus(created._links.scaStatus.href)).toBe("failed");
    expect(await consentStatus(BANK, created.consentId)).toBe("rejected");
  });

  it("unanswered past the bank's timeout: failed", async () => {
    const created = await decoupledConsent();
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + IN_APP_TIMEOUT_SECONDS * 1000 + 1_000);
      expect(await scaStatus(created._links.scaStatus.href)).toBe("failed");
    } finally {
      vi.useRealTimers();
    }
  });

  it("another PSU, or none, is redirected as before; a redirect consent has no authorisation to read", async () => {
    const res = await createConsent(BANK, { headers: { "psu-id": "alice" } });
    const body = spec.consentsResponse201.parse(res.json);
    expect(res.headers.get("aspsp-sca-approach")).toBe("REDIRECT");
    const sca = await bankRequest(`/sandbox-bank/api/banks/${BANK}/v1/consents/${body.consentId}/authorisations/x`, {
      method: "GET",
    });
    expect(sca.status).toBe(404);
    const refused = await createConsent(BANK, { headers: { "tpp-redirect-preferred": "false" } });
    expect(refused.status).toBe(400);
  });
});
