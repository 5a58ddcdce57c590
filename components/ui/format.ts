const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

// A bank date (YYYY-MM-DD) is a day, not an instant: read as an instant it is midnight UTC, which a
// browser west of UTC shows as the day before. Date-only values are formatted in UTC, as the day they name.
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

export function formatDate(iso: string | null | undefined, fallback = "—"): string {
  if (!iso) return fallback;
  return DATE_ONLY.test(iso) ? dayFormat.format(new Date(`${iso}T00:00:00Z`)) : dateFormat.format(new Date(iso));
}

export function formatDateTime(iso: string | null | undefined, fallback = "—"): string {
  return iso ? dateTimeFormat.format(new Date(iso)) : fallback;
}

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/**
 * A month (YYYY-MM) as "May 2025": a two-digit year ("May 25") reads as a day. The month that
 * contains `today` (YYYY-MM-DD, the browser's day by default) is marked "(so far)": it is not over,
 * so its totals are partial (a salary may not have arrived yet).
 */
export function formatMonth(month: string, today: string = new Date().toISOString().slice(0, 10)): string {
  const label = monthFormat.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
  return today.startsWith(month.slice(0, 7)) ? `${label} (so far)` : label;
}
