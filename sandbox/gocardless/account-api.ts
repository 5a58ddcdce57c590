// The fake's account data: metadata, details, balances and transactions (Berlin Group shaped, as
// GoCardless serves them). Transactions come for one date_from–date_to window: booked entries by
// booking date; pending entries all, whatever the window (the client keeps each once).
import { addDays } from "@/lib/dates/days";
import type { FakeEntry } from "@/sandbox/enablebanking/data";
import { gcEntriesOf, gcTotalsOf, internalIdOf, signedMoney } from "@/sandbox/gocardless/data";
import { gcFail, gcJson, notFound } from "@/sandbox/gocardless/respond";
import {
  gcAttemptOf,
  gcStore,
  gcToday,
  requisitionStatus,
  type FakeGcAccount,
  type FakeRequisition,
} from "@/sandbox/gocardless/state";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COULD_NOT = "Couldn't update account transactions";

function transaction(account: FakeGcAccount, e: FakeEntry) {
  const ids =
    account.user === "idless"
      ? {}
      : account.user === "internal"
        ? { internalTransactionId: internalIdOf(account.template, e) }
        : {
            transactionId: e.transactionId ?? undefined,
            entryReference: e.entryReference ?? undefined,
            internalTransactionId: internalIdOf(account.template, e),
          };
  const party = e.indicator === "DBIT" ? "creditor" : "debtor";
  return {
    ...ids,
    ...(e.bookingDate && e.status === "BOOK" ? { bookingDate: e.bookingDate } : {}),
    valueDate: e.valueDate,
    transactionAmount: { amount: signedMoney(e), currency: e.currency },
    [`${party}Name`]: e.party,
    ...(e.partyIban ? { [`${party}Account`]: { iban: e.partyIban } } : {}),
    remittanceInformationUnstructured: e.remittance.join(" "),
    bankTransactionCode: e.indicator === "DBIT" ? "PMNT-ICDT-ESCT" : "PMNT-RCDT-ESCT",
  };
}

/** Scenario faults, by the person: the account's first transaction reads fail, deterministically. */
function fault(account: FakeGcAccount): Response | null {
  if (account.user !== "ratelimited" && account.user !== "flaky") return null;
  const attempt = gcAttemptOf(account.id);
  if (account.user === "ratelimited" && attempt < 2)
    return gcFail(429, COULD_NOT, "Daily request limit set by the Institution has been exceeded.", {
      type: "RateLimitError",
      headers: {
        http_x_ratelimit_account_success_limit: "4",
        http_x_ratelimit_account_success_remaining: "0",
        http_x_ratelimit_account_success_reset: "1",
      },
    });
  if (account.user === "flaky" && attempt === 0)
    return gcFail(503, COULD_NOT, "Institution service unavailable", { type: "ServiceError" });
  if (account.user === "flaky" && attempt === 1)
    return gcFail(500, COULD_NOT, "Request to Institution returned an error", { type: "UnknownRequestError" });
  return null;
}

/** Refusals of the requisition behind the account: deleted, expired, suspended, or out of scope. */
function refusal(r: FakeRequisition, what: string): Response | null {
  if (r.deleted)
    return gcFail(
      403,
      "No valid End User Agreement",
      "Account exists but there is no valid End User Agreement permitting you to access it",
    );
  const status = requisitionStatus(r);
  if (status === "EX")
    return gcFail(
      401,
      COULD_NOT,
      "Access has expired or it has been revoked. To restore access reconnect the account.",
      {
        type: "AccessExpiredError",
      },
    );
  if (status === "SU")
    return gcFail(409, "Account suspended", "This account or its requisition was suspended due to numerous errors.");
  if (what !== "" && !r.agreement.accessScope.includes(what))
    return gcFail(403, "End User Agreement (EUA) access scope error", `EUA doesn't allow access to account ${what}.`);
  return null;
}

function transactions(account: FakeGcAccount, r: FakeRequisition, url: URL): Response {
  const today = gcToday();
  const from = url.searchParams.get("date_from") ?? addDays(today, -(r.agreement.maxHistoricalDays - 1));
  const to = url.searchParams.get("date_to") ?? today;
  if (!DATE.test(from) || !DATE.test(to)) return gcFail(400, "Invalid date", "Dates are YYYY-MM-DD");
  if (from > to)
    return gcFail(400, "Incorrect date range", `Starting date '${from}' is greater than end date '${to}'.`);
  if (from < addDays(today, -(r.agreement.maxHistoricalDays - 1)))
    return gcFail(
      400,
      "Incorrect date range",
      `date_from is before the agreement's ${r.agreement.maxHistoricalDays} days`,
    );
  const failed = fault(account);
  if (failed) return failed;
  const entries = gcEntriesOf(account.template, account.user, today);
  const booked = entries.filter(
    (e) => e.status === "BOOK" && e.bookingDate && e.bookingDate >= from && e.bookingDate <= to,
  );
  const pending = entries.filter((e) => e.status === "PDNG");
  return gcJson(200, {
    transactions: {
      booked: booked.map((e) => transaction(account, e)),
      pending: pending.map((e) => transaction(account, e)),
    },
  });
}

export function accountData(id: string, what: string, url: URL): Response {
  const account = gcStore().accounts.get(id);
  const r = account && gcStore().requisitions.get(account.requisitionId);
  if (!account || !r)
    return gcFail(404, `Account ID ${id} not found`, "Please check whether you specified a valid Account ID");
  const t = account.template;
  if (what === "") {
    return gcJson(200, {
      id,
      created: r.created,
      last_accessed: r.created,
      iban: t.iban,
      status: "READY",
      institution_id: r.institution.id,
      owner_name: account.user,
    });
  }
  const refused = refusal(r, what);
  if (refused) return refused;
  if (what === "details") {
    return gcJson(200, {
      account: {
        resourceId: id,
        iban: t.iban,
        currency: t.currency,
        ownerName: account.user,
        name: t.name,
        product: t.name,
        cashAccountType: t.cashAccountType,
        usage: t.usage,
      },
    });
  }
  if (what === "balances") {
    const amount = { amount: gcTotalsOf(t, account.user, gcToday()).balance, currency: t.currency };
    return gcJson(200, {
      balances: [
        { balanceAmount: amount, balanceType: "closingBooked", referenceDate: gcToday() },
        { balanceAmount: amount, balanceType: "interimAvailable", referenceDate: gcToday() },
      ],
    });
  }
  if (what === "transactions") return transactions(account, r, url);
  return notFound();
}

/** For tests and the demo: what the fake bank holds for an account now. */
export function gcAccountTotals(id: string) {
  const account = gcStore().accounts.get(id);
  return account ? gcTotalsOf(account.template, account.user, gcToday()) : null;
}
