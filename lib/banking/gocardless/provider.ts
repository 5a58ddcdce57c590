// A BankIntegration over GoCardless Bank Account Data: banks from GET /institutions/?country=,
// consent = an end-user agreement (history, validity, scope) plus a requisition (redirect = our
// callback, reference = our state) whose link sends the person to the bank; GoCardless brings them
// back to the redirect, and the requisition's status says whether access was granted (no code to
// exchange). The consent's externalId is the requisition id. Revoking deletes the requisition (and
// its agreement with it); renewal is a new agreement and requisition.
import { bankErrorCode } from "@/lib/banking/errors";
import { ProviderError } from "@/lib/provider-errors";
import type { BankIntegration } from "@/lib/banking/interface";
import type { Bank, BankConsent, TransactionsPage } from "@/lib/banking/types";
import { createGcClient, type GcConfig } from "@/lib/banking/gocardless/api";
import {
  GcAccountDetails,
  GcAgreement,
  GcBalances,
  GcInstitution,
  GcInstitutions,
  GcRequisition,
  GcTransactions,
  agreementValidUntil,
  daysOf,
  parseBankId,
  requisitionStatusOf,
  toBank,
  toBankAccount,
  toBankBalances,
  toBankTransaction,
} from "@/lib/banking/gocardless/transform";
import { keepsPending, nextToken, windowOf } from "@/lib/banking/gocardless/windows";
import { addDays } from "@/lib/dates/days";
import { log } from "@/lib/log";

const CACHE_MS = 10 * 60_000;
/** GoCardless's limits: history up to 730 days, access up to 180 days. */
const MAX_HISTORY_DAYS = 730;
const MAX_ACCESS_DAYS = 180;
const V2 = "/api/v2";
const id = (value: string) => encodeURIComponent(value);

type GcIntegrationOptions = GcConfig & {
  name: string;
  /** Days per transactions request (see windows.ts); by default one request reads all history. */
  windowDays?: number;
};

const countryName = (code: string) => new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
const today = () => new Date().toISOString().slice(0, 10);

export function createGoCardlessIntegration(options: GcIntegrationOptions): BankIntegration {
  const call = createGcClient(options);
  const windowDays = options.windowDays ?? MAX_HISTORY_DAYS + 1;
  const cache = new Map<string, { at: number; institutions: GcInstitution[] }>();

  /** Institutions in one country, or in all ("*"). */
  const institutions = async (countryCode: string): Promise<GcInstitution[]> => {
    const country = countryCode.toUpperCase();
    const hit = cache.get(country);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.institutions;
    const query = { country: country === "*" ? null : country };
    const { body } = await call({ method: "GET", path: `${V2}/institutions/`, query }, GcInstitutions);
    cache.set(country, { at: Date.now(), institutions: body });
    return body;
  };
  const institutionOf = async (bankId: string): Promise<GcInstitution | null> => {
    const parsed = parseBankId(bankId);
    if (!parsed) return null;
    return (await institutions(parsed.countryCode)).find((i) => i.id === parsed.institutionId) ?? null;
  };
  const institutionOrThrow = async (bankId: string) => {
    const found = await institutionOf(bankId);
    if (!found) throw new ProviderError("not_found", `No bank with id ${bankId} at GoCardless.`);
    return found;
  };
  const historyDays = (institution: GcInstitution | null) =>
    daysOf(institution?.transaction_total_days, 90, MAX_HISTORY_DAYS);
  const requisition = (requisitionId: string) =>
    call({ method: "GET", path: `${V2}/requisitions/${id(requisitionId)}/` }, GcRequisition);

  return {
    name: options.name,
    async listCountries() {
      const codes = [...new Set((await institutions("*")).flatMap((i) => i.countries.map((c) => c.toUpperCase())))];
      return codes.sort().map((countryCode) => ({ countryCode, name: countryName(countryCode) }));
    },
    async listBanks(countryCode) {
      const list = await institutions(countryCode);
      return list.map((i) => toBank(i, countryCode, options.name)).sort((a, b) => a.name.localeCompare(b.name));
    },
    async getBank(bankId): Promise<Bank | null> {
      const institution = await institutionOf(bankId);
      const parsed = parseBankId(bankId);
      return institution && parsed ? toBank(institution, parsed.countryCode, options.name) : null;
    },

    async createConsent(input) {
      const institution = await institutionOrThrow(input.bankId);
      const listOnly = input.access === "account_list";
      const { body: agreement } = await call(
        {
          method: "POST",
          path: `${V2}/agreements/enduser/`,
          body: {
            institution_id: institution.id,
            max_historical_days: historyDays(institution),
            access_valid_for_days: Math.min(
              input.validForDays,
              daysOf(institution.max_access_valid_for_days, MAX_ACCESS_DAYS, MAX_ACCESS_DAYS),
            ),
            access_scope: listOnly ? ["details"] : ["balances", "details", "transactions"],
          },
        },
        GcAgreement,
      );
      const { body } = await call(
        {
          method: "POST",
          path: `${V2}/requisitions/`,
          body: {
            // Our callback carries our state and result=ok; GoCardless appends ?ref= (our reference),
            // and error=… when the person did not grant access.
            redirect: input.redirectUri,
            institution_id: institution.id,
            agreement: agreement.id,
            reference: input.state,
          },
        },
        GcRequisition,
      );
      return {
        externalId: body.id,
        status: requisitionStatusOf(body.status),
        authorizationUrl: body.link,
        decoupled: null,
      };
    },

    async getConsent(_bankId, requisitionId): Promise<BankConsent> {
      const { body, bankDate } = await requisition(requisitionId);
      let status = requisitionStatusOf(body.status);
      let validUntil: string | null = null;
      if (body.agreement) {
        const { body: agreement } = await call(
          { method: "GET", path: `${V2}/agreements/enduser/${id(body.agreement)}/` },
          GcAgreement,
        );
        validUntil = agreementValidUntil(agreement);
        // Linked, but its agreement's days are over: expired, whatever the requisition still says.
        if (status === "valid" && validUntil <= bankDate) status = "expired";
      }
      return { externalId: requisitionId, status, validUntil, frequencyPerDay: null, bankDate };
    },

    async deleteConsent(_bankId, requisitionId) {
      try {
        await call({ method: "DELETE", path: `${V2}/requisitions/${id(requisitionId)}/` }, null);
      } catch (error) {
        // Already gone at GoCardless: the outcome we wanted.
        if (!bankErrorCode(error, "not_found")) throw error;
      }
    },

    async listAccounts(_bankId, requisitionId) {
      const { body } = await requisition(requisitionId);
      if (requisitionStatusOf(body.status) !== "valid") {
        throw new ProviderError("consent_invalid", `The requisition is ${body.status} at GoCardless.`, {
          bankCode: body.status,
        });
      }
      const accounts = [];
      for (const accountId of body.accounts) {
        const { body: details } = await call(
          { method: "GET", path: `${V2}/accounts/${id(accountId)}/details/` },
          GcAccountDetails,
        );
        accounts.push(toBankAccount(details, accountId));
      }
      return accounts;
    },

    async balances(_bankId, _requisitionId, accountId) {
      const { body } = await call({ method: "GET", path: `${V2}/accounts/${id(accountId)}/balances/` }, GcBalances);
      return toBankBalances(body);
    },

    async transactionsPage(bankId, _requisitionId, accountId, page): Promise<TransactionsPage> {
      // Never before the history the agreement allows (the institution's, at most 730 days).
      const now = today();
      const institution = await institutionOf(bankId).catch((error: unknown) => {
        log.warn("GoCardless's institution could not be read; its history is taken as the shortest, 90 days", {
          bankId,
          error,
        });
        return null;
      });
      const earliest = addDays(now, -(historyDays(institution) - 1));
      const dateFrom = !page.dateFrom || page.dateFrom < earliest ? earliest : page.dateFrom;
      const window = windowOf(dateFrom, page.next, windowDays, now);
      const { body, bankDate } = await call(
        {
          method: "GET",
          path: `${V2}/accounts/${id(accountId)}/transactions/`,
          query: { date_from: window.dateFrom, date_to: window.dateTo },
        },
        GcTransactions,
      );
      const pending = (body.transactions.pending ?? []).filter((t) => keepsPending(window, t.valueDate ?? null));
      return {
        transactions: [
          ...body.transactions.booked.map((t) => toBankTransaction(t, "booked")),
          ...pending.map((t) => toBankTransaction(t, "pending")),
        ],
        next: nextToken(window),
        bankDate,
      };
    },
  };
}
