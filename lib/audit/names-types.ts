// The names an audit page's sentences use, by id, as lib/audit/names.ts reads them in one lookup.
// No server imports: the sentence builder and its tests read these shapes too.

/** An account as a person knows it: their nickname, the bank's name for it, the bank, the IBAN's end. */
export type AccountName = { nickname: string | null; name: string | null; bank: string | null; last4: string | null };

/** A transaction as a person finds it: its amount (decimal string), currency, bank date and other party. */
export type TransactionName = { amount: string; currency: string; date: string; party: string | null };

export type AuditNames = {
  accounts: Record<string, AccountName>;
  /** The counterpart as the person set it up (alias, else the bank's name). */
  counterparts: Record<string, string>;
  /** The counterpart as the bank names it (for a sentence about its alias). */
  counterpartBankNames: Record<string, string>;
  transactions: Record<string, TransactionName>;
  /** A consent's bank. */
  consents: Record<string, string>;
  /** A person's name, else their email. */
  users: Record<string, string>;
  tokens: Record<string, string>;
  clients: Record<string, string>;
  profiles: Record<string, string>;
  /** A webhook endpoint's URL. */
  endpoints: Record<string, string>;
  /** A category's name as it is now. */
  categories: Record<string, string>;
};

/** A page's names before any is read (a fresh object each time: the lookup fills it). */
export function emptyNames(): AuditNames {
  return {
    accounts: {},
    counterparts: {},
    counterpartBankNames: {},
    transactions: {},
    consents: {},
    users: {},
    tokens: {},
    clients: {},
    profiles: {},
    endpoints: {},
    categories: {},
  };
}
