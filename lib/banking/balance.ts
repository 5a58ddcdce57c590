// The balances a bank gives, in one vocabulary: the Berlin Group's NextGenPSD2 balanceType names
// (closingBooked, interimAvailable, …). Integrations and statement files that speak ISO 20022's
// four-letter codes (Enable Banking, camt.053) are mapped to them, so the balance history
// (account_balances) and reconciliation (lib/ledger) read one set of names whatever the source.
import type { BankBalance } from "@/lib/banking/types";

/** ISO 20022 BalanceType12Code → the Berlin Group's name for the same balance. */
export const ISO_BALANCE_TYPES: Readonly<Record<string, string>> = {
  OPBD: "openingBooked",
  CLBD: "closingBooked",
  // The previous statement's closing booked balance, at its own (earlier) reference date.
  PRCD: "closingBooked",
  ITBD: "interimBooked",
  ITAV: "interimAvailable",
  CLAV: "closingAvailable",
  FWAV: "forwardAvailable",
  XPCD: "expected",
  INFO: "information",
  OPAV: "openingAvailable",
};

/** An ISO code in the Berlin Group's vocabulary; a name already in it (or unknown) is kept as sent. */
export const berlinGroupBalanceType = (type: string) => ISO_BALANCE_TYPES[type] ?? type;

// Which balance an account shows: a booked one (the newest of them: a bank that gives yesterday's
// closing and today's interim booked balance is shown today's), else the first kind in this order.
const BOOKED = ["closingBooked", "interimBooked"];
const SHOWN_PREFERENCE = [...BOOKED, "expected", "interimAvailable", "closingAvailable", "openingBooked"];

/** Which of a bank's balances an account shows; none for an empty list. A balance without a
 *  reference date refers to the day of the read, the newest. */
export function shownBalance<T extends BankBalance>(balances: readonly T[]): T | null {
  const rank = (b: BankBalance) => {
    const at = SHOWN_PREFERENCE.indexOf(b.type);
    return at < 0 ? SHOWN_PREFERENCE.length : at;
  };
  const newer = (a: BankBalance, b: BankBalance) =>
    a.referenceDate === b.referenceDate
      ? 0
      : a.referenceDate === null
        ? -1
        : b.referenceDate === null
          ? 1
          : a.referenceDate > b.referenceDate
            ? -1
            : 1;
  const booked = balances.filter((b) => BOOKED.includes(b.type));
  const pool = booked.length > 0 ? booked : balances;
  return [...pool].sort((a, b) => (booked.length > 0 ? newer(a, b) : 0) || rank(a) - rank(b))[0] ?? null;
}
