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
