// GET /v1/accounts/{id}/transactions: the account report, paged by pageIndex/itemsPerPage, with the
// `ratelimited` and `flaky` scenarios and the unattended-access budget (first pages only).
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import { BANKS, bankBaseUrl } from "@/sandbox/bank/data/banks";
import { isDateOnly, type DateOnly } from "@/sandbox/bank/data/dates";
import { firstDay, transactionPage, type PageQuery } from "@/sandbox/bank/data/transactions";
import { passHold } from "@/sandbox/shared/hold";
import { flakyAttempt, rateLimitedCall } from "@/sandbox/bank/store/counters";
import { coveredAccount, requireValidConsent, spendAccessBudget } from "@/sandbox/bank/xs2a/consent-guard";
import { formatError, json, Xs2aError, type BankContext, type Xs2aCode } from "@/sandbox/bank/xs2a/http";
import { accountReference, balancesView, transactionView } from "@/sandbox/bank/xs2a/views";

const DEFAULT_ITEMS_PER_PAGE = 250;
const MAX_ITEMS_PER_PAGE = 1000;

/** `flaky`: every third page of a sync fails, starting with the first. */
export const FLAKY_EVERY = 3;

/**
 * `flaky`: which pages fail, how many first attempts fail, and with which status. Decided by the page's
 * ordinal in the sync and the bank, never by a hash: the first page always fails, so every sync at
 * every bank meets a fault whatever the page size (a hash of ~35% missed most 1-page syncs).
 */
export function flakyPlan(bankId: string, pageIndex: number): { failures: number; status: 500 | 502 | 503 } {
  if (pageIndex % FLAKY_EVERY !== 0) return { failures: 0, status: 500 };
  const turn =
    Math.max(
      0,
      BANKS.findIndex((b) => b.bankId === bankId),
    ) +
    pageIndex / FLAKY_EVERY;
  const statuses = [500, 502, 503] as const;
  return { failures: 1 + (turn % 2), status: statuses[turn % 3] };
}

const FAILURE_CODE: Record<500 | 502 | 503, Xs2aCode> = {
  500: "INTERNAL_SERVER_ERROR",
  502: "BAD_GATEWAY",
  503: "SERVICE_UNAVAILABLE",
};

function intParam(value: string | null, name: string, fallback: number, min: number, max: number): number {
  if (value === null || value === "") return fallback;
  if (!/^\d{1,9}$/.test(value)) throw formatError(`${name} must be a whole number.`);
  const n = Number(value);
  if (n < min || n > max) throw formatError(`${name} must be between ${min} and ${max}.`);
  return n;
}

function dateParam(value: string | null, name: string): DateOnly | null {
  if (value === null || value === "") return null;
  if (!isDateOnly(value)) throw formatError(`${name} must be a date YYYY-MM-DD.`);
  return value;
}

function parseQuery(ctx: BankContext, account: SandboxAccount): PageQuery & { withBalance: boolean } {
  const q = ctx.url.searchParams;
  for (const unsupported of ["entryReferenceFrom", "deltaList"]) {
    if (q.has(unsupported))
      throw new Xs2aError(400, "PARAMETER_NOT_SUPPORTED", `${unsupported} is not supported by this ASPSP.`);
  }
  const bookingStatus = q.get("bookingStatus");
  if (bookingStatus === "information" || bookingStatus === "all")
    throw new Xs2aError(
      400,
      "PARAMETER_NOT_SUPPORTED",
      `bookingStatus=${bookingStatus} is not supported; use booked, pending or both.`,
    );
  if (bookingStatus !== "booked" && bookingStatus !== "pending" && bookingStatus !== "both")
    throw formatError("bookingStatus is required: booked, pending or both.");
  const dateFrom = dateParam(q.get("dateFrom"), "dateFrom") ?? firstDay(account, ctx.clock);
  const dateTo = dateParam(q.get("dateTo"), "dateTo") ?? ctx.clock.today;
  if (dateFrom > dateTo) throw formatError("dateFrom is after dateTo.");
  const withBalance = q.get("withBalance") === "true";
  return {
    bookingStatus,
    dateFrom,
    dateTo,
    withBalance,
    pageIndex: intParam(q.get("pageIndex"), "pageIndex", 0, 0, 100_000_000),
    itemsPerPage: intParam(q.get("itemsPerPage"), "itemsPerPage", DEFAULT_ITEMS_PER_PAGE, 1, MAX_ITEMS_PER_PAGE),
  };
}

function pageLinks(account: SandboxAccount, q: PageQuery & { withBalance: boolean }, lastPageIndex: number) {
  const accountHref = `${bankBaseUrl(account.bank.bankId)}/v1/accounts/${account.resourceId}`;
  const at = (pageIndex: number) => {
    const params = new URLSearchParams({
      bookingStatus: q.bookingStatus,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
      itemsPerPage: String(q.itemsPerPage),
      pageIndex: String(pageIndex),
    });
    if (q.withBalance) params.set("withBalance", "true");
    return { href: `${accountHref}/transactions?${params}` };
  };
  return {
    account: { href: accountHref },
    first: at(0),
    ...(q.pageIndex > 0 ? { previous: at(Math.min(q.pageIndex - 1, lastPageIndex)) } : {}),
    ...(q.pageIndex < lastPageIndex ? { next: at(q.pageIndex + 1) } : {}),
    last: at(lastPageIndex),
  };
}

export async function listTransactions(ctx: BankContext): Promise<Response> {
  const access = await requireValidConsent(ctx);
  const account = coveredAccount(access, ctx.params.accountId, "transactions");
  const q = parseQuery(ctx, account);
  const consentId = access.consent.id;
  const isFirstPage = q.pageIndex === 0;
  const behaviour = account.profile.behaviour;

  if (behaviour === "ratelimited" && (await rateLimitedCall(consentId, account.resourceId, isFirstPage))) {
    throw new Xs2aError(429, "ACCESS_EXCEEDED", "Too many requests; retry after 1 second (sandbox user ratelimited).", {
      "retry-after": "1",
    });
  }
  if (behaviour === "flaky") {
    const plan = flakyPlan(account.bank.bankId, q.pageIndex);
    if (
      plan.failures > 0 &&
      (await flakyAttempt(consentId, account.resourceId, isFirstPage, String(q.pageIndex))) <= plan.failures
    ) {
      throw new Xs2aError(
        plan.status,
        FAILURE_CODE[plan.status],
        `Temporary failure (sandbox user flaky); retry this page.`,
        plan.status === 503 ? { "retry-after": "1" } : {},
      );
    }
  }
  // A test's hold (controls/accounts/{id}/hold) keeps the report waiting until released.
  await passHold("sandbox", account.resourceId);
  // Paging through one report is one access: only first pages count against frequencyPerDay.
  if (isFirstPage) await spendAccessBudget(ctx, access.consent, account.resourceId);

  const page = transactionPage(account, ctx.clock, q);
  const view = (list: typeof page.booked) =>
    list.map((t) => transactionView(t, account.currency, behaviour !== "noids"));
  return json({
    account: accountReference(account),
    transactions: {
      ...(q.bookingStatus !== "pending" ? { booked: view(page.booked) } : {}),
      ...(q.bookingStatus !== "booked" ? { pending: view(page.pending) } : {}),
      _links: pageLinks(account, q, page.lastPageIndex),
    },
    ...(q.withBalance ? { balances: balancesView(account, ctx.clock) } : {}),
  });
}
