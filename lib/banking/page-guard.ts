// What a bank's page chain must satisfy before we follow it, whatever the integration: a NextGenPSD2
// `next` link, an Enable Banking continuation_key, or GoCardless's date windows (ours, so always
// finite). A bank that sends a link or key it sent before in the same read is going round in a
// cycle; one that never stops sending links would hold a worker forever. Both end the read with a
// provider error (`unknown`: asking again would bring the same chain), never an endless loop.
import { ProviderError } from "@/lib/provider-errors";

/**
 * Pages per read (one pass from dateFrom to the bank's today). 10,000 pages of 1,000 transactions
 * (SYNC_PAGE_SIZE) is ten million entries, far beyond any account's history; a bank whose pages
 * are tiny still fits. Past it the chain is taken as endless.
 */
export const MAX_PAGES_PER_READ = 10_000;

export type PageGuard = {
  /** Checks the link (or key) to the page after the one just read; throws instead of following it. */
  follow(next: string): void;
};

/** A guard for one read; `resumedFrom` is the cursor the read starts at, when it resumes one. */
export function createPageGuard(maxPages = MAX_PAGES_PER_READ, resumedFrom: string | null = null): PageGuard {
  const seen = new Set<string>(resumedFrom ? [resumedFrom] : []);
  let read = 0;
  return {
    follow(next) {
      read += 1;
      if (seen.has(next))
        throw new ProviderError(
          "unknown",
          `The bank repeated a page link it had sent before in this read (a cycle), after ${read} pages; it was not followed.`,
        );
      if (read >= maxPages)
        throw new ProviderError(
          "unknown",
          `The bank still listed more after ${read} pages, the most we read at once; it was not followed further.`,
        );
      seen.add(next);
    },
  };
}
