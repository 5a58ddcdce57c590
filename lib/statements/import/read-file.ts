// A statement file's bytes → the items importStatement reads (lib/statements/model.ts
// StatementItem): the format sniffed from its first bytes unless given; camt.053 validated against
// its XSD when it is small enough to hold (camt053-schema.ts, docs/statements.md) and then streamed
// in chunks; MT940 and CSV read whole (they are small). A CSV needs its layout: the one the person
// confirmed in the column mapper, else a built-in bank's that the file's header or shape matches.
import "server-only";
import { Readable } from "node:stream";
import { readCamt053 } from "@/lib/statements/camt053";
import { assertCamt053Schema, XSD_VALIDATION_MAX_BYTES } from "@/lib/statements/camt053-schema";
import { parseCsv } from "@/lib/statements/csv";
import { detectLayout } from "@/lib/statements/csv-detect";
import { CsvLayout } from "@/lib/statements/csv-layout";
import { StatementFileError } from "@/lib/statements/errors";
import type { Statement, StatementFormat, StatementItem } from "@/lib/statements/model";
import { parseMt940 } from "@/lib/statements/mt940";
import { sniffStatementFormat } from "@/lib/statements/statement-format";

const CHUNK_BYTES = 64 * 1024;

function* itemsOf(statements: Statement[]): Generator<StatementItem> {
  for (const { entries, ...statement } of statements) {
    yield { kind: "statement", statement };
    for (const entry of entries) yield { kind: "entry", entry };
  }
}

function* chunksOf(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

/** The layout a CSV is read with: the person's, else the built-in one the file matches; refused otherwise. */
function csvLayoutFor(bytes: Uint8Array, layout: CsvLayout | undefined): CsvLayout {
  if (layout) return layout;
  const detected = detectLayout(bytes);
  if (detected.builtIn) return CsvLayout.parse(detected.layout);
  throw new StatementFileError("is a CSV of a layout we do not know yet: map its columns first", { line: 1 });
}

export function formatOf(bytes: Uint8Array, format?: StatementFormat): StatementFormat {
  return format ?? sniffStatementFormat(bytes);
}

/**
 * Validates what can be validated up front (camt.053's schema) and answers the file's items. Throws
 * StatementFileError for a file refused before any entry is read.
 */
export async function readStatementFile(
  bytes: Uint8Array,
  options: { format?: StatementFormat; layout?: CsvLayout } = {},
): Promise<{ format: StatementFormat; items: AsyncIterable<StatementItem> | Iterable<StatementItem> }> {
  const format = formatOf(bytes, options.format);
  switch (format) {
    case "camt053":
      if (bytes.byteLength <= XSD_VALIDATION_MAX_BYTES) await assertCamt053Schema(bytes);
      return { format, items: readCamt053(Readable.from(chunksOf(bytes))) };
    case "mt940":
      return { format, items: itemsOf(parseMt940(bytes)) };
    case "csv":
      return { format, items: itemsOf([parseCsv(bytes, csvLayoutFor(bytes, options.layout))]) };
    default: {
      const exhaustive: never = format;
      return exhaustive;
    }
  }
}
