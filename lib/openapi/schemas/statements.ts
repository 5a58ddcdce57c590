// Response shapes of statement imports and CSV layouts (lib/statements/import).
import { z } from "zod";
import { dateOnly, isoDateTime, uuid } from "@/lib/openapi/schemas/common";

export const StatementImportSchema = z.object({
  id: uuid,
  accountId: uuid,
  format: z.enum(["camt053", "mt940", "csv"]),
  fileName: z.string().nullable(),
  state: z
    .enum(["queued", "running", "succeeded", "failed"])
    .describe("queued and running: poll until it ends; failed: `error` says why, and nothing of the file was kept"),
  fileBytes: z.number().int(),
  bytesProcessed: z.number().int().describe("How much of the file the import has read: the progress bar's measure"),
  counts: z.object({
    entries: z.number().int().describe("Entries in the file"),
    added: z.number().int().describe("New transactions"),
    matched: z
      .number()
      .int()
      .describe("Entries already there from the bank's PSD2 feed: the row gained the file's ids"),
    unchanged: z.number().int().describe("Entries an earlier file brought already"),
    skipped: z.number().int().describe("Pending entries: a statement is the booked record"),
    balances: z.number().int().describe("Balances of the file kept in the balance history"),
    processed: z.number().int().describe("Entries read so far"),
  }),
  dateFrom: dateOnly.nullable(),
  dateTo: dateOnly.nullable(),
  error: z.string().nullable().describe("Why the file was refused (naming the line or element) or the import failed"),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
});

const layoutShape = z.record(z.string(), z.unknown()).describe("A CSV layout (see the body of createCsvLayout)");

export const SavedCsvLayoutSchema = z.object({
  id: uuid,
  name: z.string(),
  headerSignature: z.string().describe("SHA-256 of the header row's cells; `columns:N` for a file without a header"),
  layout: layoutShape,
  createdAt: isoDateTime,
});

export const StatementPreviewSchema = z.object({
  format: z.enum(["camt053", "mt940", "csv"]),
  csv: z
    .object({
      header: z.array(z.string()).nullable(),
      rows: z.array(z.array(z.string())).describe("Up to 10 data rows as the guessed layout splits them"),
      detected: layoutShape.describe("The layout guessed for the file (a built-in bank's when its header matches)"),
      builtIn: z.string().nullable(),
      notes: z.array(z.string()).describe("What the guess could not settle, for the person to check"),
      saved: SavedCsvLayoutSchema.nullable().describe("The layout this scope saved for the same header, if any"),
    })
    .nullable(),
});
