// Bank dates are days (YYYY-MM-DD), never instants: arithmetic and formatting in UTC, so no time
// zone can move them. One copy for the sync, the integrations and their fakes.

/** The day `days` after (or before, when negative) `date`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "25 Nov 2026" for a bank date, in a server-written message. */
export function formatBankDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}
