// How much of the window a running sync asks for it has read, from the dates of the rows it has
// written so far: the bank never says how many pages are left, but it answers for a known window
// (the run's dateFrom to today), so the span of dates read measures the way. Whichever order the bank
// pages in (newest first, or oldest first), the span read grows towards the whole window.
import { formatBankDate } from "@/components/accounts/format";
import type { SyncRun } from "@/lib/client/accounts";

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

export type WindowRead = { percent: number; days: number; sentence: string };

/**
 * The share of the asked window read (0–99 while it runs: the last page alone says it is done), or
 * null before the first dated row. `today` is the viewer's calendar date (YYYY-MM-DD); a bank clock
 * ahead of it (the sandbox's can be moved) stretches the window to the newest date read.
 */
export function windowRead(progress: SyncRun["progress"], today: string): WindowRead | null {
  const { dateFrom, readFrom, readTo } = progress;
  if (!dateFrom || !readFrom || !readTo) return null;
  const end = Math.max(dayNumber(today), dayNumber(readTo));
  const days = end - dayNumber(dateFrom) + 1;
  if (days <= 0) return null;
  const covered = dayNumber(readTo) - dayNumber(readFrom) + 1;
  const percent = Math.min(99, Math.max(0, Math.floor((covered / days) * 100)));
  const edge = readFrom > dateFrom ? `back to ${formatBankDate(readFrom)}` : `from ${formatBankDate(readFrom)}`;
  return { percent, days, sentence: `Read ${edge} of the ${days} days asked (about ${percent}%)` };
}
