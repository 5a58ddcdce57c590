// Whether a statement file belongs to the tracked account it is imported into: the account the
// file names, and the currency of the file, its entries and its balances. A file that does not is
// refused whole (StatementFileError naming the statement's or entry's line), before anything of it
// is kept. Pure: the import (import-statement.ts) calls these as the file streams by.
//
// How a file names its account, and what is compared:
// - an IBAN (camt `Acct/Id/IBAN`, MT940 `:25:` IBAN, a CSV column): equal to the account's IBAN
//   (spaces and case aside);
// - another id only (MT940 `:25:` `BLZ/Konto`, camt `Othr/Id`, a CSV account number): shaped like an
//   IBAN, it is compared as one; otherwise each of its `/`-separated parts, leading zeros dropped,
//   must appear in order in the account's IBAN after the country and check digits, which is where a
//   domestic bank code and account number sit (DE: BLZ + account; CH, SE, GB alike);
// - nothing (Lloyds' CSV): the person's choice of the account is all there is to go by.
// An account without an IBAN cannot be compared; the person's choice stands there too.
// A currency the file gives must be the account's; every entry and balance in another currency is
// refused, since amounts of two currencies are never added (a balance would not reconcile).
import { StatementFileError } from "@/lib/statements/errors";
import type { StatementBalance, StatementEntry, StatementHeader } from "@/lib/statements/model";

export type AccountIdentity = { iban: string | null; currency: string };

const compact = (id: string) => id.replace(/[\s-]/g, "").toUpperCase();
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{8,}$/;

/** An account id as a message may show it: its last four characters only (logs and errors never hold a full IBAN). */
export function maskedId(id: string): string {
  const plain = compact(id);
  return plain.length <= 4 ? plain : `…${plain.slice(-4)}`;
}

/** Whether the file's other id names the account whose IBAN is `iban` (see the rules above). */
export function otherIdMatches(otherId: string, iban: string): boolean {
  const other = compact(otherId);
  const own = compact(iban);
  if (IBAN_SHAPE.test(other)) return other === own;
  const domestic = own.slice(4);
  let from = 0;
  for (const part of other.split("/")) {
    const digits = part.replace(/^0+/, "");
    if (digits === "") continue;
    const at = domestic.indexOf(digits, from);
    if (at < 0) return false;
    from = at + digits.length;
  }
  return from > 0;
}

const statementPlace = (header: StatementHeader) => ({
  line: header.origin.line,
  element: `statement ${header.origin.ordinal ?? 1}${header.statementId ? ` (${header.statementId})` : ""}`,
});

/** Refuses a statement whose account or currency is not the tracked account's. */
export function assertStatementBelongs(header: StatementHeader, account: AccountIdentity): void {
  const named = header.account.iban ?? header.account.otherId;
  if (named && account.iban) {
    const matches = header.account.iban
      ? compact(header.account.iban) === compact(account.iban)
      : otherIdMatches(named, account.iban);
    if (!matches)
      throw new StatementFileError(
        `is for the account ${maskedId(named)}, not this account (${maskedId(account.iban)}): import it into that account`,
        statementPlace(header),
      );
  }
  if (header.account.currency && header.account.currency !== account.currency)
    throw new StatementFileError(
      `is in ${header.account.currency}, but this account is in ${account.currency}`,
      statementPlace(header),
    );
}

/** Refuses an entry in another currency than the account's. */
export function assertEntryCurrency(entry: StatementEntry, account: AccountIdentity): void {
  if (entry.currency === account.currency) return;
  throw new StatementFileError(
    `is in ${entry.currency}, but this account is in ${account.currency}; a statement of this account books in ${account.currency}`,
    {
      line: entry.origin.line,
      element: `entry ${entry.origin.ordinal ?? ""}${entry.origin.path ? ` (${entry.origin.path})` : ""}`.trim(),
    },
  );
}

/** Refuses a balance in another currency than the account's. */
export function assertBalanceCurrency(balance: StatementBalance, account: AccountIdentity): void {
  if (balance.currency === account.currency) return;
  throw new StatementFileError(`is in ${balance.currency}, but this account is in ${account.currency}`, {
    line: balance.origin.line,
    element: `balance ${balance.code}`,
  });
}
