// How a transactions search reads what was typed: the words (split at whitespace, at most 8), and a
// word that is an amount. One reading for the server's search (filter.ts) and for the list that
// narrows its loaded rows while the server answers (components/accounts/typed-search.ts); no server
// imports, so the browser reads it too.

/** The words of a search, as typed (case kept). */
export function queryWords(q: string | undefined): string[] {
  return (q ?? "").split(/\s+/).filter(Boolean).slice(0, 8);
}

/** A word typed as an amount ("81.48", "81,48", "1200"), as a decimal string; else null. */
export function amountOf(word: string): string | null {
  return /^\d{1,12}([.,]\d{1,2})?$/.test(word) ? word.replace(",", ".") : null;
}
