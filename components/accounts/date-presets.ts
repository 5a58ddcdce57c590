// The date ranges people reach for (this month, last month, year to date, the last 90 days), as
// inclusive bank days (YYYY-MM-DD) computed in UTC from today's date, never from a time of day.
export type Preset = "thisMonth" | "lastMonth" | "yearToDate" | "last90Days";

export const PRESETS: { key: Preset; label: string }[] = [
  { key: "thisMonth", label: "This month" },
  { key: "lastMonth", label: "Last month" },
  { key: "yearToDate", label: "Year to date" },
  { key: "last90Days", label: "Last 90 days" },
];

const day = (d: Date) => d.toISOString().slice(0, 10);

/** `today` is the person's calendar day (YYYY-MM-DD). */
export function presetRange(preset: Preset, today: string): { fromDate: string; toDate: string } {
  const [y, m] = today.split("-").map(Number);
  switch (preset) {
    case "thisMonth":
      return { fromDate: `${today.slice(0, 7)}-01`, toDate: today };
    case "lastMonth":
      return { fromDate: day(new Date(Date.UTC(y, m - 2, 1))), toDate: day(new Date(Date.UTC(y, m - 1, 0))) };
    case "yearToDate":
      return { fromDate: `${y}-01-01`, toDate: today };
    case "last90Days": {
      const from = new Date(`${today}T00:00:00Z`);
      from.setUTCDate(from.getUTCDate() - 89);
      return { fromDate: day(from), toDate: today };
    }
    default: {
      const exhaustive: never = preset;
      return exhaustive;
    }
  }
}

/** Today as the person's calendar day. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}
