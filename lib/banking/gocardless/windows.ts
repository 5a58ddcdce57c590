// GoCardless has no paging: one GET …/transactions/ answers a whole date_from–date_to window. A read
// from dateFrom is split into windows of at most `windowDays` days (one by default: GoCardless and
// the banks behind it limit successful account calls per day, as low as 4). The page token is the
// next window's first day. The last window has no date_to, so it ends at the bank's own today.
//
// Booked entries are filtered by the bank on their date, so each is in one window. Pending entries
// may come back in every window (or only in the one of their date): each is kept from exactly one,
// the window its value date falls in; the first window also keeps older ones, the last newer or
// undated ones. So a pending entry is counted once whichever way the bank filters.
import { addDays } from "@/lib/dates/days";

type TransactionWindow = {
  dateFrom: string;
  /** Null for the last window: up to the bank's today. */
  dateTo: string | null;
  first: boolean;
};

const TOKEN = /^w:(\d{4}-\d{2}-\d{2})$/;

/** The window to read for this page token; `today` is our best knowledge of the bank's today. */
export function windowOf(dateFrom: string, next: string | null, windowDays: number, today: string): TransactionWindow {
  const start = next ? TOKEN.exec(next)?.[1] : dateFrom;
  if (!start) throw new Error(`Not a GoCardless page token: ${next}`);
  const end = addDays(start, windowDays - 1);
  return { dateFrom: start, dateTo: end < today ? end : null, first: start === dateFrom && next === null };
}

/** The page token after this window, or null when it was the last. */
export function nextToken(window: TransactionWindow): string | null {
  return window.dateTo ? `w:${addDays(window.dateTo, 1)}` : null;
}

/** Whether this window keeps a pending entry with this value date (see above). */
export function keepsPending(window: TransactionWindow, valueDate: string | null): boolean {
  if (!valueDate) return window.dateTo === null;
  if (valueDate < window.dateFrom && !window.first) return false;
  return window.dateTo === null || valueDate <= window.dateTo;
}
