// What every bank integration implements. Domain code depends on this, never on a bank's API.
import type {
  AccessContext,
  Bank,
  BankAccount,
  BankBalance,
  BankConsent,
  BankScaStatus,
  Country,
  CreatedBankConsent,
  TransactionsPage,
} from "@/lib/banking/types";

export type CreateConsentInput = {
  bankId: string;
  /** Days of validity from the bank's today (validUntil = bank today + validForDays). */
  validForDays: number;
  frequencyPerDay: number;
  /** Access asked for: all accounts with balances and transactions, or the account list only. */
  access: "all_accounts" | "account_list";
  redirectUri: string;
  nokRedirectUri: string;
  /** Our one-time state and the bare callback URL, for integrations whose bank appends its own
   * `state` and `code` to a redirect URL registered in advance (Enable Banking). */
  state: string;
  callbackUri: string;
  /** The account holder's id at the bank, when they gave it: a bank may then approve in its app (decoupled). */
  psuId: string | null;
};

/** The bank's redirect back carried a one-time code that the integration exchanges for access. */
export type CompleteAuthorizationInput = { bankId: string; externalId: string; code: string };

export type BankIntegration = {
  readonly name: string;
  listCountries(): Promise<Country[]>;
  listBanks(countryCode: string): Promise<Bank[]>;
  getBank(bankId: string): Promise<Bank | null>;
  createConsent(input: CreateConsentInput, context: AccessContext): Promise<CreatedBankConsent>;
  /**
   * Optional second step for integrations whose access exists only once the callback's `code` is
   * exchanged (Enable Banking: POST /sessions). Returns the consent under its new externalId.
   */
  completeAuthorization?(input: CompleteAuthorizationInput, context: AccessContext): Promise<BankConsent>;
  getConsent(bankId: string, externalId: string, context: AccessContext): Promise<BankConsent>;
  /** Decoupled approval (NextGenPSD2's SCA status of the consent's authorisation), at the link the bank gave. */
  scaStatus?(bankId: string, scaStatusUrl: string, context: AccessContext): Promise<BankScaStatus>;
  deleteConsent(bankId: string, externalId: string, context: AccessContext): Promise<void>;
  listAccounts(bankId: string, externalConsentId: string, context: AccessContext): Promise<BankAccount[]>;
  /** Every balance the bank reports for the account (each type it sends, with its reference date),
   *  in the Berlin Group's names (lib/banking/balance.ts); empty when it sends none. */
  balances(
    bankId: string,
    externalConsentId: string,
    accountId: string,
    context: AccessContext,
  ): Promise<BankBalance[]>;
  transactionsPage(
    bankId: string,
    externalConsentId: string,
    accountId: string,
    options: { dateFrom: string | null; next: string | null; pageSize?: number },
    context: AccessContext,
  ): Promise<TransactionsPage>;
};
