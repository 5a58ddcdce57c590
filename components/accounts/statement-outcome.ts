// What a statement import did or is doing, in words: its counts as a sentence ("312 added, 40 already
// there from the bank, 2 pending skipped, 2 balances kept"), its progress as a percentage of the
// file's bytes, and its state as a headline. Pure, so the wording is unit tested; the section
// (statement-import.tsx) and the list of past imports both read it.
import { plural } from "@/components/accounts/format";

type Counts = { entries: number; added: number; matched: number; unchanged: number; skipped: number; balances: number };
type ImportView = { state: "queued" | "running" | "succeeded" | "failed"; fileBytes: number; bytesProcessed: number };

const n = (count: number) => count.toLocaleString("en-GB");

/**
 * The counts of a finished import. Added and matched always show (the two a person checks: "did it
 * double anything?"); the rest only when there were some.
 */
export function countsSentence(counts: Counts): string {
  const parts = [`${n(counts.added)} added`, `${n(counts.matched)} already there from the bank`];
  if (counts.unchanged) parts.push(`${n(counts.unchanged)} already imported from a file`);
  if (counts.skipped) parts.push(`${n(counts.skipped)} pending skipped`);
  if (counts.balances) parts.push(`${plural(counts.balances, "balance")} kept`);
  return parts.join(", ");
}

/** How far the import has read its file, 0 to 100 (a whole number); 100 once it ended either way. */
export function importPercent(view: ImportView): number {
  if (view.state === "succeeded" || view.state === "failed") return 100;
  if (view.fileBytes <= 0) return 0;
  return Math.min(100, Math.floor((view.bytesProcessed / view.fileBytes) * 100));
}

export function importHeadline(state: ImportView["state"]): string {
  if (state === "queued") return "Waiting to start";
  if (state === "running") return "Importing…";
  if (state === "succeeded") return "Imported";
  return "Not imported";
}

/** The formats as people know them. */
export const FORMAT_NAMES = { camt053: "camt.053", mt940: "MT940", csv: "CSV" } as const;
