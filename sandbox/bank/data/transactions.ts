// Transactions as a pure function of (account, day) plus the sandbox clock: ids, pending/booked
// status, range listing and paging. Pending transactions keep their transactionId when booked.
import { historyStart, type SandboxAccount } from "@/sandbox/bank/data/accounts";
import { bulkDate, bulkDraft, bulkIndexRange, bulkTransactionId } from "@/sandbox/bank/data/bulk";
import { addDays, dayNumber, fromDayNumber, type DateOnly } from "@/sandbox/bank/data/dates";
import { dayContext, type DayContext } from "@/sandbox/bank/data/day";
import type { Draft } from "@/sandbox/bank/data/draft";
import { companyMainDay, companyOpsDay, companyReserveDay } from "@/sandbox/bank/data/generate-company";
import { paymentDay } from "@/sandbox/bank/data/generate-payment";
import { privateCurrentDay, privateSavingsDay } from "@/sandbox/bank/data/generate-private";
import { isListed, scenarioDay } from "@/sandbox/bank/data/generate-scenarios";
import { hash53, hashText } from "@/sandbox/bank/data/hash";

/** The sandbox clock as the generator sees it: today = baseToday (real UTC date) + offsetDays. */
export type SandboxClock = { today: DateOnly; baseToday: DateOnly; offsetDays: number };

export type BookingStatus = "booked" | "pending";

export type GeneratedTransaction = Draft & {
  transactionId: string;
  entryReference: string;
  date: DateOnly;
  valueDate: DateOnly;
  status: BookingStatus;
  /** The amount as reported now (pendingCents while pending, when set). */
  reportedCents: number;
};

export function pendingDays(account: SandboxAccount): number {
  return account.profile.flavour === "pending" ? 4 : 2;
}

/** Each kind of account's generator of a day (bulk accounts list theirs by index instead). */
const DAY_GENERATORS: Record<SandboxAccount["kind"], (ctx: DayContext) => Draft[]> = {
  "private-current": privateCurrentDay,
  "private-savings": privateSavingsDay,
  "company-main": companyMainDay,
  "company-ops": companyOpsDay,
  "company-reserve": companyReserveDay,
  payment: paymentDay,
  bulk: () => [],
};

function draftsForDay(account: SandboxAccount, date: DateOnly): Draft[] {
  return DAY_GENERATORS[account.kind](dayContext(account, date));
}

function finish(
  account: SandboxAccount,
  clock: SandboxClock,
  draft: Draft,
  date: DateOnly,
  id: string,
  entryReference: string,
): GeneratedTransaction {
  const recent = dayNumber(date) > dayNumber(clock.today) - pendingDays(account);
  const status: BookingStatus =
    recent || (draft.pendingUntil !== undefined && clock.today < draft.pendingUntil) ? "pending" : "booked";
  return {
    ...draft,
    transactionId: id,
    entryReference,
    date,
    valueDate: addDays(date, draft.valueOffsetDays ?? 0),
    status,
    reportedCents: status === "pending" ? (draft.pendingCents ?? draft.cents) : draft.cents,
  };
}

/** One day's transactions in (date, transactionId) order. */
function transactionsForDay(account: SandboxAccount, date: DateOnly, clock: SandboxClock): GeneratedTransaction[] {
  const compact = date.replaceAll("-", "");
  const reissue = account.profile.behaviour === "reissue";
  const drafts = [...draftsForDay(account, date), ...scenarioDay(account, date, clock.baseToday)];
  const out = drafts.map((draft, i) => {
    const key = `${account.seed}|${date}|${i}`;
    if (
      account.profile.flavour === "pending" &&
      draft.bankTransactionCode === "PMNT-CCRD-POSD" &&
      hash53(`${key}|pa`) % 3 === 0
    ) {
      draft = { ...draft, pendingCents: Math.round((draft.cents * 105) / 100) };
    }
    const idKey = reissue
      ? `${key}|${draft.cents}|${draft.creditorName ?? draft.debtorName ?? ""}|clock${clock.offsetDays}`
      : key;
    const id = `${compact}-${hashText(idKey, 10)}`;
    const longId = draft.idLength ? `${id}-${hashText(`${idKey}|long`, draft.idLength - id.length - 1)}` : id;
    return finish(account, clock, draft, date, longId, hashText(`${idKey}|entry`, 16));
  });
  return out
    .filter((t) => isListed(t, t.status))
    .sort((a, b) => (a.transactionId < b.transactionId ? -1 : a.transactionId > b.transactionId ? 1 : 0));
}

export function isBulk(account: SandboxAccount): boolean {
  return account.kind === "bulk";
}

function bulkTransaction(account: SandboxAccount, clock: SandboxClock, k: number): GeneratedTransaction {
  const date = bulkDate(account, clock.baseToday, k);
  return finish(
    account,
    clock,
    bulkDraft(account, k),
    date,
    bulkTransactionId(date, k),
    `BK${String(k).padStart(10, "0")}`,
  );
}

/** The account's first day of history. */
export function firstDay(account: SandboxAccount, clock: SandboxClock): DateOnly {
  return isBulk(account) ? bulkDate(account, clock.baseToday, 0) : historyStart(account, clock.baseToday);
}

/** Every transaction dated within [from, to] (clamped to history and today), in (date, id) order. */
export function* transactionsInRange(
  account: SandboxAccount,
  clock: SandboxClock,
  from: DateOnly,
  to: DateOnly,
): Generator<GeneratedTransaction> {
  if (isBulk(account)) {
    const [start, end] = bulkIndexRange(account, clock.baseToday, from, to < clock.today ? to : clock.today);
    for (let k = start; k < end; k++) yield bulkTransaction(account, clock, k);
    return;
  }
  const first = Math.max(dayNumber(from), dayNumber(historyStart(account, clock.baseToday)));
  const last = Math.min(dayNumber(to), dayNumber(clock.today));
  for (let d = first; d <= last; d++) yield* transactionsForDay(account, fromDayNumber(d), clock);
}

export type PageQuery = {
  dateFrom: DateOnly;
  dateTo: DateOnly;
  bookingStatus: "booked" | "pending" | "both";
  pageIndex: number;
  itemsPerPage: number;
};
export type Page = {
  booked: GeneratedTransaction[];
  pending: GeneratedTransaction[];
  total: number;
  lastPageIndex: number;
};

/** One page of the report: booked transactions first, then pending, each in (date, id) order. */
export function transactionPage(account: SandboxAccount, clock: SandboxClock, q: PageQuery): Page {
  const start = q.pageIndex * q.itemsPerPage;
  const end = start + q.itemsPerPage;
  const pageOf = (total: number) => ({ total, lastPageIndex: Math.max(0, Math.ceil(total / q.itemsPerPage) - 1) });
  if (isBulk(account)) {
    // Every bulk transaction is booked (the newest is 3 days before the real date).
    if (q.bookingStatus === "pending") return { booked: [], pending: [], ...pageOf(0) };
    const [from, to] = bulkIndexRange(
      account,
      clock.baseToday,
      q.dateFrom,
      q.dateTo < clock.today ? q.dateTo : clock.today,
    );
    const booked: GeneratedTransaction[] = [];
    for (let k = from + start; k < Math.min(to, from + end); k++) booked.push(bulkTransaction(account, clock, k));
    return { booked, pending: [], ...pageOf(to - from) };
  }
  const all = [...transactionsInRange(account, clock, q.dateFrom, q.dateTo)];
  const ordered = [
    ...(q.bookingStatus === "pending" ? [] : all.filter((t) => t.status === "booked")),
    ...(q.bookingStatus === "booked" ? [] : all.filter((t) => t.status === "pending")),
  ];
  const slice = ordered.slice(start, end);
  return {
    booked: slice.filter((t) => t.status === "booked"),
    pending: slice.filter((t) => t.status === "pending"),
    ...pageOf(ordered.length),
  };
}
