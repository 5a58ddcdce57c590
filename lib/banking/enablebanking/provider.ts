// A BankIntegration over Enable Banking: banks from GET /aspsps, consent = a user session (POST
// /auth → the bank → our callback with `code` → POST /sessions), accounts, balances and
// transaction pages by continuation_key. Before the code is exchanged the consent's externalId is
// `auth:<authorization_id>`; afterwards it is the session id.
import { ProviderError } from "@/lib/provider-errors";
import type { BankIntegration } from "@/lib/banking/interface";
import { createEbClient, type EbConfig } from "@/lib/banking/enablebanking/api";
import {
  EbAccount,
  EbAspsps,
  EbAuthorizedSession,
  EbBalances,
  EbSession,
  EbStartAuthorization,
  EbTransactions,
  type EbAspsp,
} from "@/lib/banking/enablebanking/schemas";
import {
  psuTypeOfBankId,
  sessionStatusOf,
  toBankAccount,
  toBankBalances,
  toBanks,
  toTransactions,
  validUntilDate,
} from "@/lib/banking/enablebanking/transform";
import type { AccessContext, Bank, BankConsent } from "@/lib/banking/types";

const AUTH_PREFIX = "auth:";
const CACHE_MS = 10 * 60_000;
const DAY_SECONDS = 86_400;

/** PSU headers mark an access the person is present for; unattended accesses send none. */
function psuHeaders(context: AccessContext): Record<string, string | null> {
  return { "Psu-Ip-Address": context.psuIpAddress };
}

const countryName = (code: string) => new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;

export function createEnableBankingIntegration(options: EbConfig & { name: string }): BankIntegration {
  const call = createEbClient(options);
  let cached: { at: number; aspsps: EbAspsp[] } | null = null;

  const aspsps = async (): Promise<EbAspsp[]> => {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.aspsps;
    const { body } = await call({ method: "GET", path: "/aspsps", query: { service: "AIS" } }, EbAspsps);
    cached = { at: Date.now(), aspsps: body.aspsps };
    return body.aspsps;
  };
  const banks = async (): Promise<{ bank: Bank; aspsp: EbAspsp }[]> =>
    (await aspsps()).flatMap((aspsp) => toBanks(aspsp, options.name).map((bank) => ({ bank, aspsp })));
  const bankOrThrow = async (bankId: string) => {
    const found = (await banks()).find((b) => b.bank.bankId === bankId);
    if (!found) throw new ProviderError("not_found", `No bank with id ${bankId} at Enable Banking.`);
    return found;
  };

  const session = async (sessionId: string) => {
    const { body, bankDate } = await call(
      { method: "GET", path: `/sessions/${encodeURIComponent(sessionId)}` },
      EbSession,
    );
    return { body, bankDate };
  };

  return {
    name: options.name,
    async listCountries() {
      const codes = [...new Set((await aspsps()).map((a) => a.country.toUpperCase()))].sort();
      return codes.map((countryCode) => ({ countryCode, name: countryName(countryCode) }));
    },
    listBanks: async (countryCode) =>
      (await banks()).map((b) => b.bank).filter((b) => b.countryCode === countryCode.toUpperCase()),
    getBank: async (bankId) => (await banks()).find((b) => b.bank.bankId === bankId)?.bank ?? null,

    async createConsent(input) {
      const { aspsp } = await bankOrThrow(input.bankId);
      // Never longer than the bank allows (maximum_consent_validity, in seconds).
      const seconds = Math.min(input.validForDays * DAY_SECONDS, aspsp.maximum_consent_validity);
      const listOnly = input.access === "account_list";
      const { body } = await call(
        {
          method: "POST",
          path: "/auth",
          body: {
            access: {
              valid_until: new Date(Date.now() + seconds * 1000).toISOString(),
              balances: !listOnly,
              transactions: !listOnly,
            },
            aspsp: { name: aspsp.name, country: aspsp.country },
            state: input.state,
            redirect_url: input.callbackUri,
            psu_type: psuTypeOfBankId(input.bankId),
          },
        },
        EbStartAuthorization,
      );
      return {
        externalId: `${AUTH_PREFIX}${body.authorization_id}`,
        status: "received",
        authorizationUrl: body.url,
        decoupled: null,
      };
    },

    async completeAuthorization(input) {
      const { body, bankDate } = await call(
        { method: "POST", path: "/sessions", body: { code: input.code } },
        EbAuthorizedSession,
      );
      return {
        externalId: body.session_id,
        status: "valid",
        validUntil: validUntilDate(body.access.valid_until),
        frequencyPerDay: null,
        bankDate,
      };
    },

    async getConsent(_bankId, externalId): Promise<BankConsent> {
      if (externalId.startsWith(AUTH_PREFIX)) {
        // No session until the callback's code is exchanged: the person has not come back yet.
        return {
          externalId,
          status: "received",
          validUntil: null,
          frequencyPerDay: null,
          bankDate: new Date().toISOString().slice(0, 10),
        };
      }
      const { body, bankDate } = await session(externalId);
      return {
        externalId,
        status: sessionStatusOf(body.status),
        validUntil: validUntilDate(body.access.valid_until),
        frequencyPerDay: null,
        bankDate,
      };
    },

    async deleteConsent(_bankId, externalId, context) {
      if (externalId.startsWith(AUTH_PREFIX)) return;
      await call(
        { method: "DELETE", path: `/sessions/${encodeURIComponent(externalId)}`, headers: psuHeaders(context) },
        null,
      );
    },

    async listAccounts(bankId, externalConsentId, context) {
      const { body } = await session(externalConsentId);
      if (body.status !== "AUTHORIZED") {
        throw new ProviderError("consent_invalid", `The session is ${body.status} at Enable Banking.`, {
          bankCode: body.status,
        });
      }
      const psuType = body.psu_type === "business" || psuTypeOfBankId(bankId) === "business" ? "business" : "personal";
      const accounts = [];
      for (const uid of body.accounts) {
        const { body: details } = await call(
          { method: "GET", path: `/accounts/${encodeURIComponent(uid)}/details`, headers: psuHeaders(context) },
          EbAccount,
        );
        accounts.push(toBankAccount(details, uid, psuType));
      }
      return accounts;
    },

    async balances(_bankId, _consentId, accountId, context) {
      const { body } = await call(
        { method: "GET", path: `/accounts/${encodeURIComponent(accountId)}/balances`, headers: psuHeaders(context) },
        EbBalances,
      );
      return toBankBalances(body);
    },

    async transactionsPage(_bankId, _consentId, accountId, page, context) {
      // Enable Banking pages by continuation_key alone (no page size); the same date_from is sent
      // with every page of one read.
      const key = page.next;
      const { body, bankDate } = await call(
        {
          method: "GET",
          path: `/accounts/${encodeURIComponent(accountId)}/transactions`,
          query: { date_from: page.dateFrom, continuation_key: key },
          headers: psuHeaders(context),
        },
        EbTransactions,
      );
      return { ...toTransactions(body), bankDate };
    },
  };
}
