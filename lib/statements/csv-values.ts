// Cell text → model values under a CSV layout: dates in the layout's format to `YYYY-MM-DD`
// (checked to be real days), amounts to canonical decimal strings.

import type { DateFormat } from "./csv-layout";

const PATTERNS: Record<DateFormat, RegExp> = {
  "DD.MM.YYYY": /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  "DD.MM.YY": /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{2})$/,
  "DD-MM-YYYY": /^(?<d>\d{1,2})-(?<m>\d{1,2})-(?<y>\d{4})$/,
  "DD/MM/YYYY": /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  "MM/DD/YYYY": /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  "YYYY-MM-DD": /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
};

/** The date as `YYYY-MM-DD`, or null when the text is not a real day in that format. */
export function csvDate(text: string, format: DateFormat): string | null {
  const parts = PATTERNS[format].exec(text.trim())?.groups;
  if (!parts?.y || !parts.m || !parts.d) return null;
  // Two-digit years are this century's, as bank exports of the last decades mean them.
  const year = parts.y.length === 2 ? `20${parts.y}` : parts.y;
  const iso = `${year}-${parts.m.padStart(2, "0")}-${parts.d.padStart(2, "0")}`;
  const day = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}
