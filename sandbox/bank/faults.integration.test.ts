// The fault scenarios are deterministic at every bank and page size: a sync of `flaky` meets the
// planned 5xx on its first page and every third page after it, a sync of `ratelimited` meets 429 on
// its first 2 calls, and once retried each sync reads exactly what the bank's totals say.
import { describe, expect, it } from "vitest";
import { BANKS } from "@/sandbox/bank/data/banks";
import { RATE_LIMITED_CALLS } from "@/sandbox/bank/store/counters";
import {
  approvedConsent,
  firstAccountId,
  transactions,
  transactionsByHref,
  type Json,
} from "@/sandbox/bank/testing/bank-calls";
import { FLAKY_EVERY, flakyPlan } from "@/sandbox/bank/xs2a/transactions";
import { sumDecimals } from "@/lib/money/decimal";
import { control } from "@/sandbox/testing/test-banks";

type Page = {
  transactions: {
    booked?: { transactionAmount: { amount: string } }[];
    pending?: { transactionAmount: { amount: string } }[];
    _links: { next?: { href: string } };
  };
};

/** One sync as a TPP makes it: page by page, each page retried at once until it answers 200. */
async function syncAtBank(bankId: string, consentId: string, accountId: string, itemsPerPage: number) {
  const faults: { pageIndex: number; status: number }[] = [];
  const amounts: string[] = [];
  let href: string | null = null;
  for (let pageIndex = 0; ; pageIndex += 1) {
    let res;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const o = { consentId, present: true };
      res = href
        ? await transactionsByHref(bankId, accountId, href, o)
        : await transactions(bankId, accountId, { ...o, query: `bookingStatus=both&itemsPerPage=${itemsPerPage}` });
      if (res.status === 200) break;
      faults.push({ pageIndex, status: res.status });
    }
    if (res?.status !== 200) throw new Error(`page ${pageIndex} never answered 200`);
    const page = res.json as unknown as Page;
    for (const t of [...(page.transactions.booked ?? []), ...(page.transactions.pending ?? [])])
      amounts.push(t.transactionAmount.amount);
    href = page.transactions._links.next?.href ?? null;
    if (!href) return { faults, amounts, pages: pageIndex + 1 };
  }
}

async function bankTotals(resourceId: string): Promise<{ count: number; sum: string }> {
  const res = await control<{ booked: { count: number; sum: string }; pending: { count: number; sum: string } }>(
    "GET",
    `accounts/${encodeURIComponent(resourceId)}/totals`,
  );
  return {
    count: res.json.booked.count + res.json.pending.count,
    sum: sumDecimals([res.json.booked.sum, res.json.pending.sum]),
  };
}

const SIZES = [100, 1000] as const;

describe("fault scenarios at every bank and page size", () => {
  it("flaky: the first page and every third after it fail as planned (500/502/503, 1–2 attempts); the retried sync equals the bank", async () => {
    for (const bank of BANKS) {
      for (const size of SIZES) {
        const consentId = await approvedConsent(bank.bankId, "flaky");
        const accountId = await firstAccountId(bank.bankId, consentId);
        const { faults, amounts, pages } = await syncAtBank(bank.bankId, consentId, accountId, size);
        const planned = Array.from({ length: pages }, (_, pageIndex) => pageIndex).flatMap((pageIndex) => {
          const plan = flakyPlan(bank.bankId, pageIndex);
          return Array.from({ length: plan.failures }, () => ({ pageIndex, status: plan.status }));
        });
        expect({ bank: bank.bankId, size, faults }).toEqual({ bank: bank.bankId, size, faults: planned });
        expect(faults.filter((f) => f.pageIndex === 0).length).toBeGreaterThan(0);
        expect(new Set(faults.map((f) => f.pageIndex)).size).toBe(Math.ceil(pages / FLAKY_EVERY));
        const totals = await bankTotals(accountId);
        expect({ count: amounts.length, sum: sumDecimals(amounts) }).toEqual(totals);
      }
    }
  }, 120_000);

  it("ratelimited: the first 2 calls of every sync answer 429 ACCESS_EXCEEDED with Retry-After; then the sync equals the bank", async () => {
    for (const bank of BANKS) {
      for (const size of SIZES) {
        const consentId = await approvedConsent(bank.bankId, "ratelimited");
        const accountId = await firstAccountId(bank.bankId, consentId);
        const first = await transactions(bank.bankId, accountId, {
          consentId,
          present: true,
          query: `bookingStatus=both&itemsPerPage=${size}`,
        });
        expect([first.status, first.headers.get("retry-after"), (first.json.tppMessages as Json[])[0].code]).toEqual([
          429,
          "1",
          "ACCESS_EXCEEDED",
        ]);
        const { faults, amounts } = await syncAtBank(bank.bankId, consentId, accountId, size);
        // The call above was the first of this sync; the sync's own calls met the rest.
        expect({ bank: bank.bankId, size, faults }).toEqual({
          bank: bank.bankId,
          size,
          faults: Array.from({ length: RATE_LIMITED_CALLS - 1 }, () => ({ pageIndex: 0, status: 429 })),
        });
        expect({ count: amounts.length, sum: sumDecimals(amounts) }).toEqual(await bankTotals(accountId));
      }
    }
  }, 120_000);
});
