// A BankIntegration over the NextGenPSD2 XS2A API: consents with the redirect approach (or the
// decoupled one, when the bank chooses it for the PSU-ID given: the SCA status is then polled),
// accounts, and transaction pages. Pointing it at a real ASPSP is configuration (its directory entry).
import { bankErrorOf } from "@/lib/banking/errors";
import { ProviderError } from "@/lib/provider-errors";
import type { BankIntegration, CreateConsentInput } from "@/lib/banking/interface";
import { xs2a } from "@/lib/banking/nextgenpsd2/api";
import type { AspspDirectory, DirectoryBank } from "@/lib/banking/nextgenpsd2/directory";
import {
  Xs2aAccountList,
  Xs2aConsentCreated,
  Xs2aConsentInformation,
  Xs2aBalances,
  Xs2aScaStatus,
  scaStatusOf,
  Xs2aTransactionsResponse,
  consentStatusOf,
  toBankBalances,
  toBankAccount,
  toTransactions,
} from "@/lib/banking/nextgenpsd2/transform";
import type { AccessContext } from "@/lib/banking/types";
import { addDays } from "@/lib/dates/days";

/**
 * A bank-offered consent (empty account lists): the account holder chooses at the bank which
 * accounts it covers, for the services asked: details, balances and transactions, or details only.
 */
function accessOf(access: CreateConsentInput["access"]) {
  return access === "all_accounts" ? { accounts: [], balances: [], transactions: [] } : { accounts: [] };
}

/** PSU-IP-Address marks an access the person is present for; unattended accesses omit it. */
function psuHeaders(context: AccessContext): Record<string, string | null> {
  return { "psu-ip-address": context.psuIpAddress, "x-ll-request-id": context.requestId };
}

/**
 * The bank's `next` link as a URL to request, only on the bank's own origin (scheme, host and port
 * of its configured base URL): the request carries the Consent-ID, which no other host may see. A
 * link elsewhere is refused as a provider error, never followed.
 */
export function sameOriginLink(link: string, baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(link, baseUrl);
  } catch (error) {
    throw new ProviderError("unknown", "The bank's next-page link is not a URL; it was not followed.", {
      cause: error,
    });
  }
  const origin = new URL(baseUrl).origin;
  if (url.origin !== origin)
    throw new ProviderError(
      "unknown",
      `The bank's next-page link points to another host (${url.origin}, not ${origin}); it was not followed.`,
    );
  return url.toString();
}

export function createNextGenPsd2Integration(options: {
  name: string;
  directory: AspspDirectory;
  fetchImpl?: typeof fetch;
}): BankIntegration {
  const { directory, fetchImpl } = options;

  const bankOrThrow = async (bankId: string): Promise<DirectoryBank> => {
    const bank = (await directory.banks()).find((b) => b.bankId === bankId);
    if (!bank) throw new ProviderError("not_found", `No bank with id ${bankId} in this integration.`);
    return bank;
  };

  return {
    name: options.name,
    listCountries: () => directory.countries(),
    listBanks: async (countryCode) =>
      (await directory.banks())
        .filter((b) => b.countryCode === countryCode.toUpperCase())
        .map(({ baseUrl: _baseUrl, ...bank }) => bank),
    getBank: async (bankId) => {
      const bank = (await directory.banks()).find((b) => b.bankId === bankId);
      if (!bank) return null;
      const { baseUrl: _baseUrl, ...rest } = bank;
      return rest;
    },

    async createConsent(input, context) {
      const bank = await bankOrThrow(input.bankId);
      const post = (validUntil: string) =>
        xs2a(
          {
            method: "POST",
            url: `${bank.baseUrl}/v1/consents`,
            headers: {
              ...psuHeaders(context),
              // A PSU-ID lets a bank approve in its app (decoupled); we still prefer the redirect.
              "psu-id": input.psuId,
              "tpp-redirect-preferred": "true",
              "tpp-redirect-uri": input.redirectUri,
              "tpp-nok-redirect-uri": input.nokRedirectUri,
            },
            body: {
              access: accessOf(input.access),
              recurringIndicator: true,
              validUntil,
              frequencyPerDay: input.frequencyPerDay,
              combinedServiceIndicator: false,
            },
          },
          Xs2aConsentCreated,
          fetchImpl,
        );
      // validUntil counts from the bank's date. We start from ours; a bank whose clock is ahead
      // refuses a date in its past, and its Date header tells us its today for one retry.
      let response;
      try {
        response = await post(addDays(new Date().toISOString().slice(0, 10), input.validForDays));
      } catch (error) {
        const today = new Date().toISOString().slice(0, 10);
        const bank = bankErrorOf(error);
        if (!bank || bank.code !== "rejected" || !bank.bankDate || bank.bankDate <= today) throw error;
        response = await post(addDays(bank.bankDate, input.validForDays));
      }
      const body = response.body;
      const href = body._links.scaRedirect?.href;
      const scaStatus = body._links.scaStatus?.href;
      const created = { externalId: body.consentId, status: consentStatusOf(body.consentStatus) };
      if (href) return { ...created, authorizationUrl: new URL(href, bank.baseUrl).toString(), decoupled: null };
      // Decoupled: the account holder approves in the bank's app; its status link is asked (same origin only).
      if (scaStatus)
        return {
          ...created,
          authorizationUrl: null,
          decoupled: { scaStatusUrl: sameOriginLink(scaStatus, bank.baseUrl), psuMessage: body.psuMessage ?? null },
        };
      throw new ProviderError("unknown", "The bank returned neither an SCA redirect link nor an SCA status link.");
    },

    async getConsent(bankId, externalId, context) {
      const bank = await bankOrThrow(bankId);
      const { body, bankDate } = await xs2a(
        {
          method: "GET",
          url: `${bank.baseUrl}/v1/consents/${encodeURIComponent(externalId)}`,
          headers: psuHeaders(context),
        },
        Xs2aConsentInformation,
        fetchImpl,
      );
      return {
        externalId,
        status: consentStatusOf(body.consentStatus),
        validUntil: body.validUntil ?? null,
        frequencyPerDay: body.frequencyPerDay ?? null,
        bankDate,
      };
    },

    async scaStatus(bankId, scaStatusUrl, context) {
      const bank = await bankOrThrow(bankId);
      const { body } = await xs2a(
        { method: "GET", url: sameOriginLink(scaStatusUrl, bank.baseUrl), headers: psuHeaders(context) },
        Xs2aScaStatus,
        fetchImpl,
      );
      return scaStatusOf(body.scaStatus);
    },

    async deleteConsent(bankId, externalId, context) {
      const bank = await bankOrThrow(bankId);
      await xs2a(
        {
          method: "DELETE",
          url: `${bank.baseUrl}/v1/consents/${encodeURIComponent(externalId)}`,
          headers: psuHeaders(context),
        },
        null,
        fetchImpl,
      );
    },

    async listAccounts(bankId, externalConsentId, context) {
      const bank = await bankOrThrow(bankId);
      const { body } = await xs2a(
        {
          method: "GET",
          // withBalance: the list carries each account's balances in the same call (the same access),
          // so the person choosing accounts to track sees what each holds.
          url: `${bank.baseUrl}/v1/accounts?withBalance=true`,
          headers: { ...psuHeaders(context), "consent-id": externalConsentId },
        },
        Xs2aAccountList,
        fetchImpl,
      );
      return body.accounts.map(toBankAccount);
    },

    async balances(bankId, externalConsentId, accountId, context) {
      const bank = await bankOrThrow(bankId);
      const { body } = await xs2a(
        {
          method: "GET",
          url: `${bank.baseUrl}/v1/accounts/${encodeURIComponent(accountId)}/balances`,
          headers: { ...psuHeaders(context), "consent-id": externalConsentId },
        },
        Xs2aBalances,
        fetchImpl,
      );
      return toBankBalances(body);
    },

    async transactionsPage(bankId, externalConsentId, accountId, page, context) {
      const bank = await bankOrThrow(bankId);
      let url: string;
      if (page.next) {
        url = sameOriginLink(page.next, bank.baseUrl);
      } else {
        const query = new URLSearchParams({ bookingStatus: "both" });
        if (page.dateFrom) query.set("dateFrom", page.dateFrom);
        if (page.pageSize) query.set("itemsPerPage", String(page.pageSize));
        url = `${bank.baseUrl}/v1/accounts/${encodeURIComponent(accountId)}/transactions?${query}`;
      }
      const { body, bankDate } = await xs2a(
        { method: "GET", url, headers: { ...psuHeaders(context), "consent-id": externalConsentId } },
        Xs2aTransactionsResponse,
        fetchImpl,
      );
      const result = toTransactions(body);
      // Checked on arrival too, so a link elsewhere is never stored as the run's cursor.
      if (result.next) sameOriginLink(result.next, bank.baseUrl);
      return { ...result, bankDate };
    },
  };
}
