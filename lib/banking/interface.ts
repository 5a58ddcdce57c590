// What every bank integration implements. Domain code depends on this, never on a bank's API.
import type {
  AccessContext,
  Bank,
  BankAccount,
  BankBalance,
  BankConsent,
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
};

export type BankIntegration = {
  readonly name: string;
  listCountries(): Promise<Country[]>;
  listBanks(countryCode: string): Promise<Bank[]>;
  getBank(bankId: string): Promise<Bank | null>;
  createConsent(input: CreateConsentInput, context: AccessContext): Promise<CreatedBankConsent>;
  getConsent(bankId: string, externalId: string, context: AccessContext): Promise<BankConsent>;
  deleteConsent(bankId: string, externalId: string, context: AccessContext): Promise<void>;
  listAccounts(bankId: string, externalConsentId: string, context: AccessContext): Promise<BankAccount[]>;
  /** The booked balance the bank reports (closingBooked, else interimBooked/expected), or null. */
  balance(bankId: string, externalConsentId: string, accountId: string, context: AccessContext): Promise<BankBalance | null>;
  transactionsPage(
    bankId: string,
    externalConsentId: string,
    accountId: string,
    options: { dateFrom: string | null; next: string | null; pageSize?: number },
    context: AccessContext,
  ): Promise<TransactionsPage>;
};
