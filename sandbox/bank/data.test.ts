import { describe, expect, it } from "vitest";
import { accountByResourceId, accountsFor, type SandboxAccount } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { isValidCreditorId } from "@/sandbox/bank/data/creditor-id";
import { addDays } from "@/sandbox/bank/data/dates";
import { isValidIban } from "@/sandbox/bank/data/iban";
import { totalsAsOf } from "@/sandbox/bank/data/totals";
import { firstDay, transactionPage, transactionsInRange, type SandboxClock } from "@/sandbox/bank/data/transactions";
import { resolveUser } from "@/sandbox/bank/data/users";

const BASE = "2026-11-22";
const clock = (offsetDays = 0): SandboxClock => ({ baseToday: BASE, today: addDays(BASE, offsetDays), offsetDays });

function accounts(userId: string, bankId = "sbx-be-01"): SandboxAccount[] {
  const user = resolveUser(userId);
  const bank = bankById(bankId);
  if (!user.ok || !bank) throw new Error(`no ${userId} at ${bankId}`);
  return accountsFor(bank, user.profile);
}

const all = (a: SandboxAccount, c = clock()) => [...transactionsInRange(a, c, firstDay(a, c), c.today)];

describe("test users", () => {
  it("resolves named users, bulk-N and other ids, and rejects malformed ones with a message", () => {
    expect(accounts("alice").map((a) => a.kind)).toEqual(["private-current", "private-savings"]);
    expect(accounts("bob.company").every((a) => a.usage === "ORGA")).toBe(true);
    expect(accounts("carol.payment").map((a) => a.cashAccountType)).toEqual(["CARD"]);
    expect(accounts("Someone.Else")[0].profile.userId).toBe("someone.else");
    expect(resolveUser("bulk-0")).toMatchObject({ ok: false });
    expect(resolveUser("bulk-2000000")).toMatchObject({ ok: false });
    expect(resolveUser("not valid!")).toMatchObject({ ok: false });
  });
});

describe("determinism", () => {
  it("yields the same accounts and transactions for the same user, different ones for another", () => {
    const a1 = accounts("alice");
    const a2 = accounts("alice");
    expect(a1.map((a) => a.iban)).toEqual(a2.map((a) => a.iban));
    expect(all(a1[0])).toEqual(all(a2[0]));
    expect(all(accounts("namesakes")[0])[0]).not.toEqual(all(a1[0])[0]);
    expect(accountByResourceId(a1[1].resourceId)?.iban).toBe(a1[1].iban);
    expect(accountByResourceId("acc_bogus")).toBeNull();
  });

  it("keeps a day's content when the clock moves, and books pending entries under the same id", () => {
    const current = accounts("alice")[0];
    const before = all(current, clock(0));
    const after = all(current, clock(3));
    const pending = before.filter((t) => t.status === "pending");
    expect(pending.length).toBeGreaterThan(0);
    for (const p of pending) {
      const booked = after.find((t) => t.transactionId === p.transactionId);
      expect(booked).toMatchObject({ status: "booked", date: p.date, cents: p.cents });
    }
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length - pending.length)).toEqual(before.filter((t) => t.status === "booked"));
  });

  it("re-issues ids for `reissue` when the clock moves, with the same content", () => {
    const account = accounts("reissue")[0];
    const a = all(account, clock(0)).filter((t) => t.status === "booked");
    const b = all(account, clock(1)).slice(0, a.length);
    expect(b.map((t) => t.transactionId)).not.toEqual(a.map((t) => t.transactionId));
    const content = (t: (typeof a)[number]) => [t.date, t.cents, t.creditorName, t.debtorName, t.remittance];
    expect(new Set(b.map((t) => JSON.stringify(content(t))))).toEqual(
      new Set(a.map((t) => JSON.stringify(content(t)))),
    );
  });

  it("gives `pending` a 4-day pending window and some amounts that change when booked", () => {
    const account = accounts("pending")[0];
    const now = all(account, clock(0)).filter((t) => t.status === "pending");
    expect(now.every((t) => t.date >= addDays(BASE, -3))).toBe(true);
    const changed = all(account, clock(0)).filter((t) => t.pendingCents !== undefined && t.pendingCents !== t.cents);
    expect(changed.length).toBeGreaterThan(5);
  });
});

describe("realism", () => {
  it("gives bob.company ~5,000 transactions with SEPA direct debits carrying creditor and mandate ids", () => {
    const txs = accounts("bob.company").flatMap((a) => all(a));
    expect(txs.length).toBeGreaterThan(4500);
    expect(txs.length).toBeLessThan(6000);
    const debits = txs.filter((t) => t.bankTransactionCode === "PMNT-RDDT-ESDD");
    expect(debits.length).toBeGreaterThan(200);
    for (const d of debits) {
      expect(isValidCreditorId(d.creditorId ?? "")).toBe(true);
      expect(d.mandateId).toMatch(/^MD-/);
      expect(isValidIban(d.creditorIban ?? "")).toBe(true);
    }
  });

  it("puts shops behind payment processors and spells the namesakes' parties several ways", () => {
    const txs = all(accounts("namesakes")[0]);
    const ah = new Set(txs.map((t) => t.creditorName).filter((n) => n && /albert heijn|^ah /i.test(n)));
    expect(ah.size).toBeGreaterThanOrEqual(3);
    const viaProcessor = txs.filter(
      (t) => t.ultimateCreditor && /Adyen|ADYEN|Stripe|PayPal/.test(t.creditorName ?? ""),
    );
    expect(viaProcessor.length).toBeGreaterThan(5);
    const vattenfallIbans = new Set(
      txs.filter((t) => /vattenfall/i.test(t.creditorName ?? "")).map((t) => t.creditorIban),
    );
    expect(vattenfallIbans.size).toBe(2);
  });
});

describe("totals and paging", () => {
  it("totals equal the sums of what the pages report", () => {
    const account = accounts("alice")[0];
    const c = clock();
    let bookedCents = 0;
    let pendingCents = 0;
    let count = 0;
    for (let pageIndex = 0; ; pageIndex++) {
      const page = transactionPage(account, c, {
        dateFrom: firstDay(account, c),
        dateTo: c.today,
        bookingStatus: "both",
        pageIndex,
        itemsPerPage: 100,
      });
      page.booked.forEach((t) => (bookedCents += t.reportedCents));
      page.pending.forEach((t) => (pendingCents += t.reportedCents));
      count += page.booked.length + page.pending.length;
      if (pageIndex >= page.lastPageIndex) break;
    }
    const totals = totalsAsOf(account, c, c.today);
    expect(totals.booked.cents).toBe(bookedCents);
    expect(totals.pending.cents).toBe(pendingCents);
    expect(totals.booked.count + totals.pending.count).toBe(count);
  });

  it("bulk-N has exactly N transactions and builds a deep page without generating the rest", () => {
    const [small] = accounts("bulk-1234");
    const smallTotals = totalsAsOf(small, clock(), BASE);
    expect(smallTotals.booked.count).toBe(1234);
    expect(smallTotals.booked.cents).toBe(all(small).reduce((sum, t) => sum + t.cents, 0));
    const [big] = accounts("bulk-1000000");
    const c = clock();
    const started = performance.now();
    const page = transactionPage(big, c, {
      dateFrom: "2000-01-01",
      dateTo: c.today,
      bookingStatus: "both",
      pageIndex: 3_999,
      itemsPerPage: 250,
    });
    expect(performance.now() - started).toBeLessThan(250);
    expect(page.total).toBe(1_000_000);
    expect(page.booked).toHaveLength(250);
    expect(page.booked[0].transactionId).toMatch(/-0999750$/);
    const first = transactionPage(big, c, {
      dateFrom: "2000-01-01",
      dateTo: c.today,
      bookingStatus: "both",
      pageIndex: 0,
      itemsPerPage: 1000,
    });
    const dates = first.booked.map((t) => t.date);
    expect([...dates].sort()).toEqual(dates);
  });

  it("bulk-N filters by date range with exact index arithmetic", () => {
    const [account] = accounts("bulk-100000");
    const c = clock();
    const from = addDays(BASE, -400);
    const to = addDays(BASE, -300);
    const page = transactionPage(account, c, {
      dateFrom: from,
      dateTo: to,
      bookingStatus: "booked",
      pageIndex: 0,
      itemsPerPage: 1000,
    });
    const inRange = [...transactionsInRange(account, c, "2000-01-01", c.today)].filter(
      (t) => t.date >= from && t.date <= to,
    );
    expect(page.total).toBe(inRange.length);
    expect(page.booked[0].transactionId).toBe(inRange[0].transactionId);
  });
});
