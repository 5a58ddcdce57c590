// Synced rows equal the bank's own XS2A answer, field by field, in the cases that used to lose or
// drop data: SEPA references the bank sends, id-less identical entries, pending holds older than the
// incremental window, and a legacy bank's NUL padding and ids of several kB, which failed the sync.
import { describe, expect, it } from "vitest";
import * as txRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { pool } from "@/lib/db/client";
import { bankAnswer, expectEqualToBankAnswer, type BankEntry } from "@/testing/support/bank-answer";
import {
  advanceBankClock,
  connectedConsent,
  resetBankClock,
  syncedAccount,
  trackedAccount,
} from "@/testing/support/bank-flow";
import { withoutNul, storedId } from "@/testing/support/bank-stored-form";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

withSandboxBank();

const sync = (accountId: string, scopeId: string, pageSize?: number) => syncOnce(accountId, scopeId, { pageSize });

async function liveIds(accountId: string): Promise<string[]> {
  const { rows } = await pool().query<{ external_id: string }>(
    "SELECT external_id FROM transactions WHERE account_id = $1 AND removed_at IS NULL ORDER BY external_id",
    [accountId],
  );
  return rows.map((r) => r.external_id);
}

/** A re-sync of the unchanged history writes nothing and keeps every bank id; returns the ids. */
async function expectResyncUnchanged(accountId: string, scopeId: string, pageSize: number): Promise<string[]> {
  const ids = await liveIds(accountId);
  const again = await sync(accountId, scopeId, pageSize);
  expect([again.state, again.added, again.updated, again.removed, again.reissued]).toEqual(["succeeded", 0, 0, 0, 0]);
  expect(await liveIds(accountId)).toEqual(ids);
  return ids;
}

const sameContent = (a: object | undefined, b: object | undefined) =>
  a !== undefined && JSON.stringify(a) === JSON.stringify(b);

type ApiTx = { bankTransactionId: string; endToEndId: string | null; proprietaryBankTransactionCode: string | null };

describe("fields the bank sends", () => {
  it("bob.company: endToEndId and proprietaryBankTransactionCode are stored and served by the API as the bank sent them", async () => {
    const c = await connectedConsent("bob.company");
    const { account, run } = await syncedAccount(c, { accountType: "company" });
    expect(run.state).toBe("succeeded");
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
      expect([t.endToEndId, t.proprietaryBankTransactionCode]).toEqual([
        raw?.endToEndId ?? null,
        raw?.proprietaryBankTransactionCode ?? null,
      ]);
    }
  });

  it("an impossible date in a filter is 422 validation_failed naming the field, never a rolled-over day", async () => {
    const c = await connectedConsent("alice");
    const { account } = await trackedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    for (const [field, value] of [
      ["filter[fromDate]", "2026-02-30"],
      ["filter[toDate]", "2025-02-29"],
      ["filter[fromDate]", "2026-04-31"],
    ]) {
      const res = await call<{ error: { code: string; details: Record<string, string[]> } }>(txRoute.GET, "GET", "x", {
        headers,
        params: { id: account.id },
        query: `${encodeURIComponent(field)}=${value}`,
      });
      expect([res.status, res.json.error.code]).toEqual([422, "validation_failed"]);
      expect(Object.keys(res.json.error.details)).toEqual([field]);
    }
    const leapDay = await call(txRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
      query: "filter[fromDate]=2024-02-29",
    });
    expect(leapDay.status).toBe(200);
  });
});

describe("a bank that sends no transactionId", () => {
  it("noids: identical entries on one day are kept apart, across page boundaries, with ids stable across re-syncs", async () => {
    const c = await connectedConsent("noids");
    // Pages of 7 split groups of identical entries between two pages; the check below proves one does.
    const { account, run } = await syncedAccount(c, {}, { pageSize: 7 });
    expect(run.state).toBe("succeeded");
    const small = await bankAnswer(c.bankId, c.bankConsentId, account.externalId, 7);
    expect(small.some((e, i) => i % 7 === 0 && i > 0 && sameContent(e.raw, small[i - 1].raw))).toBe(true);
    expect(small.every((e) => e.raw.transactionId === undefined)).toBe(true);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const distinct = new Set(answer.map((e) => JSON.stringify([e.status, e.raw])));
    expect(distinct.size).toBeLessThan(answer.length);
    await expectEqualToBankAnswer(account.id, answer);

    const ids = await expectResyncUnchanged(account.id, c.person.scopeId, 1000);

    // Incremental syncs (the window starts 14 days before the newest booked day) keep the ids too.
    await advanceBankClock(3);
    try {
      const later = await sync(account.id, c.person.scopeId, 5);
      expect([later.state, later.removed, later.reissued]).toEqual(["succeeded", 0, 0]);
      await expectEqualToBankAnswer(account.id, await bankAnswer(c.bankId, c.bankConsentId, account.externalId));
      const now = new Set(await liveIds(account.id));
      expect(ids.filter((id) => !now.has(id))).toEqual([]);
    } finally {
      await resetBankClock();
    }
  });
});

describe("a pending entry older than the incremental window", () => {
  it("oldhold: a 40-day-old hold stays while the bank lists it and goes when the bank releases it", async () => {
    const c = await connectedConsent("oldhold");
    const { account } = await syncedAccount(c);
    const first = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const holds = first.filter((e) => e.status === "pending" && e.raw.creditorName === "RENTACAR DEPOSIT");
    expect(holds.length).toBe(1);
    const holdId = String(holds[0].raw.transactionId);
    const holdDate = String(holds[0].raw.valueDate);
    const newestBooked =
      first
        .filter((e) => e.status === "booked")
        .map((e) => String(e.raw.bookingDate))
        .sort()
        .at(-1) ?? "";
    expect(holdDate < newestBooked).toBe(true);

    const again = await sync(account.id, c.person.scopeId);
    expect([again.state, again.removed]).toEqual(["succeeded", 0]);
    // The answer reached back to the hold (an incremental window alone would start 14 days before newestBooked).
    expect(again.dateFrom !== null && again.dateFrom <= holdDate).toBe(true);
    await expectEqualToBankAnswer(account.id, await bankAnswer(c.bankId, c.bankConsentId, account.externalId));
    expect(await liveIds(account.id)).toContain(holdId);

    await advanceBankClock(25);
    try {
      const later = await sync(account.id, c.person.scopeId);
      expect(later.state).toBe("succeeded");
      const now = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
      expect(now.some((e) => e.raw.transactionId === holdId)).toBe(false);
      await expectEqualToBankAnswer(account.id, now);
      const { rows } = await pool().query(
        "SELECT 1 FROM transactions WHERE account_id = $1 AND external_id = $2 AND removed_at IS NOT NULL",
        [account.id, holdId],
      );
      expect(rows.length).toBe(1);
    } finally {
      await resetBankClock();
    }
  });
});

/** The bank's answer as the sync promises to keep it (docs/banks.md, testing/support/bank-stored-form.ts). */
function asStored(answer: BankEntry[]): BankEntry[] {
  return answer.map((e) => {
    const raw = withoutNul(e.raw);
    const id = typeof raw.transactionId === "string" ? storedId(raw.transactionId) : raw.transactionId;
    return { ...e, raw: { ...raw, transactionId: id } };
  });
}

describe("a legacy core system's odd but valid data", () => {
  it("oddities: NUL-padded fields are kept without the NULs, 3,000-character ids as their hash; re-syncs match the rows again", async () => {
    const c = await connectedConsent("oddities");
    const { account, run } = await syncedAccount(c, {}, { pageSize: 50 });
    expect([run.state, run.lastError]).toEqual(["succeeded", null]);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    // What the scenario must hold for the test to mean anything.
    const longIds = answer.filter((e) => String(e.raw.transactionId).length === 3_000);
    const padded = answer.filter((e) => String(e.raw.remittanceInformationUnstructured).includes("\0"));
    expect(longIds.length).toBeGreaterThan(2);
    expect(padded.length).toBeGreaterThan(50);
    await expectEqualToBankAnswer(account.id, asStored(answer));

    const ids = await expectResyncUnchanged(account.id, c.person.scopeId, 50);
    expect(ids.filter((id) => id.startsWith("sha256:")).length).toBe(longIds.length);

    // Ten days later (long ids come on the 7th, 14th, 21st and 28th: never more than ten days apart),
    // new entries of both kinds arrive, and the old ones are matched, not added again.
    await advanceBankClock(10);
    try {
      const later = await sync(account.id, c.person.scopeId, 50);
      expect([later.state, later.removed, later.reissued]).toEqual(["succeeded", 0, 0]);
      expect(later.added).toBeGreaterThan(0);
      const now = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
      expect(now.filter((e) => String(e.raw.transactionId).length === 3_000).length).toBeGreaterThan(longIds.length);
      await expectEqualToBankAnswer(account.id, asStored(now));
    } finally {
      await resetBankClock();
    }
  });
});
