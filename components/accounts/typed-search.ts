// What the rows already loaded show while the server answers a search being typed: each row kept when
// every typed word is in its text fields, its counterpart's name as shown, or is its amount. The
// server's search (lib/accounttracking/transactions/filter.ts) is the truth and replaces these rows
// as soon as it answers; this only narrows what is on screen meanwhile, so a row it misses comes
// back then, and one it keeps the server keeps too, but for a word matching across two fields.
import { amountOf, queryWords } from "@/lib/accounttracking/transactions/search-words";
import type { Transaction } from "@/lib/client/accounts";

/** The words of a search as the server reads them (search-words.ts), lower-cased. */
export function searchWords(q: string): string[] {
  return queryWords(q.toLowerCase());
}

/** The same size as decimal strings, whatever their sign and scale ("1200" and "-1200.00"). */
function sameSize(a: string, b: string): boolean {
  const norm = (s: string) => {
    const [whole, frac = ""] = s.replace(/^-/, "").split(".");
    return `${whole.replace(/^0+(?=\d)/, "")}.${frac.replace(/0+$/, "")}`;
  };
  return norm(a) === norm(b);
}

type Searchable = Pick<
  Transaction,
  | "amount"
  | "counterpartName"
  | "counterpartIban"
  | "creditorName"
  | "creditorIban"
  | "ultimateCreditor"
  | "debtorName"
  | "debtorIban"
  | "ultimateDebtor"
  | "remittanceInformation"
  | "creditorId"
  | "mandateId"
  | "endToEndId"
  | "note"
  | "tags"
>;

function textOf(t: Searchable, shownName: string | undefined): string {
  const ibans = [t.counterpartIban, t.creditorIban, t.debtorIban].map((i) => i?.replace(/\s+/g, ""));
  return [
    t.counterpartName,
    t.creditorName,
    t.ultimateCreditor,
    t.debtorName,
    t.ultimateDebtor,
    t.remittanceInformation,
    t.creditorId,
    t.mandateId,
    t.endToEndId,
    t.note,
    ...t.tags,
    ...ibans,
    shownName,
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
}

/** Whether the row shows every word (see the header for what it may miss). */
export function showsWords(t: Searchable, words: string[], shownName?: string): boolean {
  if (words.length === 0) return true;
  const text = textOf(t, shownName);
  return words.every((word) => {
    if (text.includes(word)) return true;
    const amount = amountOf(word);
    return amount !== null && sameSize(t.amount, amount);
  });
}
