import { describe, expect, it } from "vitest";
import { bankErrorOf } from "@/lib/banking/errors";
import { providerErrorOf, rateLimitWaitOf } from "@/lib/banking/gocardless/api";
import { errorAnswer } from "@/testing/support/banking/error-answer";
import { agreementValidUntil, requisitionStatusOf, toBankTransaction } from "@/lib/banking/gocardless/transform";
import { keepsPending, nextToken, windowOf } from "@/lib/banking/gocardless/windows";

const answer = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  bankErrorOf(providerErrorOf(errorAnswer(status, { status_code: status, ...body }, headers)));

describe("GoCardless HTTP layer", () => {
  it("classifies faults by the kinds the sync engine handles", () => {
    const kind = (status: number, body: Record<string, unknown> = {}) => answer(status, body)?.code;
    expect(kind(429, { summary: "Rate limit exceeded" })).toBe("rate_limited");
    expect(kind(500, { type: "UnknownRequestError" })).toBe("unavailable");
    expect(kind(503, { type: "ServiceError" })).toBe("unavailable");
    expect(kind(401, { type: "AccessExpiredError", summary: "Couldn't update" })).toBe("consent_invalid");
    expect(kind(401, { type: "AccountInactiveError" })).toBe("consent_invalid");
    expect(kind(403, { summary: "No valid End User Agreement", detail: "…" })).toBe("consent_invalid");
    expect(kind(409, { summary: "Account suspended", detail: "…" })).toBe("consent_invalid");
    // Our credentials, our IP, or the agreement's scope: an operator must act, the consent is not at fault.
    expect(kind(401, { summary: "Invalid token", detail: "Token is invalid or expired" })).toBe("rejected");
    expect(kind(403, { summary: "IP address access denied" })).toBe("rejected");
    expect(kind(403, { summary: "End User Agreement (EUA) access scope error" })).toBe("rejected");
    expect(kind(404, { summary: "Not found." })).toBe("not_found");
    expect(kind(409, { status: "PROCESSING" })).toBe("unavailable");
    expect(answer(401, { type: "AccessExpiredError" })?.bankCode).toBe("AccessExpiredError");
  });

  it("takes the wait of a 429 from Retry-After, the rate-limit headers (either spelling), or the message", () => {
    const wait = (headers: Record<string, string>, detail: string | null = null) =>
      rateLimitWaitOf(new Headers(headers), detail);
    expect(wait({ "retry-after": "7", "x-ratelimit-reset": "60" })).toBe(7);
    expect(
      wait({ http_x_ratelimit_account_success_remaining: "0", http_x_ratelimit_account_success_reset: "3600" }),
    ).toBe(3600);
    expect(wait({ "x-ratelimit-account-success-reset": "120", "x-ratelimit-reset": "30" })).toBe(120);
    expect(
      wait({
        "x-ratelimit-account-success-remaining": "2",
        "x-ratelimit-account-success-reset": "9",
        "x-ratelimit-reset": "30",
      }),
    ).toBe(30);
    expect(wait({}, "The rate limit for this resource is 4/day. Please try again in 42 seconds")).toBe(42);
    expect(wait({})).toBeNull();
    expect(answer(429, { summary: "x", detail: "y" }, { http_x_ratelimit_reset: "5" })?.retryAfterSeconds).toBe(5);
  });
});

describe("GoCardless mapping", () => {
  it("maps requisition statuses and the agreement's last day", () => {
    expect(["CR", "GA", "LN", "RJ", "ER", "SU", "EX", "??"].map(requisitionStatusOf)).toEqual([
      "received",
      "received",
      "valid",
      "rejected",
      "rejected",
      "terminatedByTpp",
      "expired",
      "unknown",
    ]);
    const agreement = { created: "2026-01-01T10:00:00Z", accepted: "2026-01-03T23:59:00Z", access_valid_for_days: 90 };
    expect(agreementValidUntil(agreement)).toBe("2026-04-03");
    expect(agreementValidUntil({ ...agreement, accepted: null })).toBe("2026-04-01");
  });

  it("ids: transactionId, else internalTransactionId, else derived from the content", () => {
    const raw = {
      transactionAmount: { amount: "-3.20", currency: "EUR" },
      valueDate: "2026-05-01",
      creditorName: "Café",
    };
    const byBank = toBankTransaction({ ...raw, transactionId: "T1", internalTransactionId: "I1" }, "booked");
    const internal = toBankTransaction({ ...raw, internalTransactionId: "I1" }, "pending");
    const derived = toBankTransaction(raw, "pending");
    expect([byBank.externalId, byBank.derivedId, internal.externalId, internal.derivedId]).toEqual([
      "T1",
      false,
      "I1",
      false,
    ]);
    expect([derived.externalId.startsWith("syn_"), derived.derivedId, derived.amount, derived.valueDate]).toEqual([
      true,
      true,
      "-3.20",
      "2026-05-01",
    ]);
  });

  it("date windows cover the read once; each pending entry is kept from exactly one window", () => {
    const windows = [windowOf("2026-01-01", null, 30, "2026-03-15")];
    for (let t = nextToken(windows[0]); t; t = nextToken(windows.at(-1)!))
      windows.push(windowOf("2026-01-01", t, 30, "2026-03-15"));
    expect(windows.map((w) => [w.dateFrom, w.dateTo])).toEqual([
      ["2026-01-01", "2026-01-30"],
      ["2026-01-31", "2026-03-01"],
      ["2026-03-02", null],
    ]);
    for (const valueDate of ["2025-12-01", "2026-01-30", "2026-01-31", "2026-03-01", "2026-03-20", null])
      expect([valueDate, windows.filter((w) => keepsPending(w, valueDate)).length]).toEqual([valueDate, 1]);
  });
});
