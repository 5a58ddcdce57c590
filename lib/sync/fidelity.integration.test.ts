// Synced rows equal the bank's own XS2A answer, field by field, in the cases that used to lose or
// drop data: SEPA references the bank sends, id-less identical entries, pending holds older than the
// incremental window.
import { describe, expect, it } from "vitest";
import * as txRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { prisma } from "@/lib/db/client";
import { bankAnswer, expectEqualToBankAnswer } from "@/lib/testing/bank-answer";
import { connectedConsent, trackedAccount } from "@/lib/testing/bank-flow";
import { bearer, call } from "@/lib/testing/http";
import { withSandboxBank } from "@/lib/testing/sandbox-server";
import { executeRun } from "@/lib/sync/runner";

withSandboxBank();

type ApiTx = { bankTransactionId: string; endToEndId: string | null; proprietaryBankTransactionCode: string | null };

describe("fields the bank sends", () => {
  it("bob.company: endToEndId and proprietaryBankTransactionCode are stored and served by the API as the bank sent them", async () => {
    const c = await connectedConsent("bob.company");
    const { account, run } = await trackedAccount(c, { accountType: "company" });
    await executeRun(run.id, "test-worker");
    expect((await prisma().syncRun.findUniqueOrThrow({ where: { id: run.id } })).state).toBe("succeeded");
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    await expectEqualToBankAnswer(account.id, answer);

    const sepa = answer.filter((e) => typeof e.raw.endToEndId === "string");
    expect(sepa.length).toBeGreaterThan(0);
    const page = await call<{ data: ApiTx[] }>(txRoute.GET, "GET", "x", {
      headers: bearer(c.person.token, c.person.scopeId),
      params: { id: account.id },
      query: "perPage=500",
    });
    expect(page.status).toBe(200);
    const byId = new Map(answer.map((e) => [e.raw.transactionId, e.raw]));
    const served = page.json.data.filter((t) => t.endToEndId !== null);
    expect(served.length).toBeGreaterThan(0);
    for (const t of page.json.data) {
      const raw = byId.get(t.bankTransactionId);
      expect([t.endToEndId, t.proprietaryBankTransactionCode]).toEqual([raw?.endToEndId ?? null, raw?.proprietaryBankTransactionCode ?? null]);
    }
  });

  it("an impossible date in a filter is 422 validation_failed naming the field, never a rolled-over day", async () => {
    const c = await connectedConsent("alice");
    const { account } = await trackedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    for (const [field, value] of [["filter[fromDate]", "2026-02-30"], ["filter[toDate]", "2025-02-29"], ["filter[fromDate]", "2026-04-31"]]) {
      const res = await call<{ error: { code: string; details: Record<string, string[]> } }>(txRoute.GET, "GET", "x", {
        headers,
        params: { id: account.id },
        query: `${encodeURIComponent(field)}=${value}`,
      });
      expect([res.status, res.json.error.code]).toEqual([422, "validation_failed"]);
      expect(Object.keys(res.json.error.details)).toEqual([field]);
    }
    const leapDay = await call(txRoute.GET, "GET", "x", { headers, params: { id: account.id }, query: "filter[fromDate]=2024-02-29" });
    expect(leapDay.status).toBe(200);
  });
});

