// The CSV layouts a scope remembers (csv_layouts): a bank's export as the person mapped it in the
// column mapper, keyed by the file's header row, so the next export of that bank is read the same way
// without asking. And the preview the mapper starts from: the file's first rows, the layout guessed
// for it (lib/statements/csv-detect.ts), and the layout remembered for its header, if any.
import "server-only";
import { createHash } from "node:crypto";
import type { AuditActor } from "@/lib/audit/actor";
import { actorUserId } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { pool } from "@/lib/db/client";
import { rows } from "@/lib/db/sql";
import { transaction, type Commit } from "@/lib/db/transaction";
import { validationFailed } from "@/lib/errors";
import { csvRows } from "@/lib/statements/csv";
import { detectLayout } from "@/lib/statements/csv-detect";
import { CsvLayout } from "@/lib/statements/csv-layout";
import { StatementFileError } from "@/lib/statements/errors";
import type { StatementFormat } from "@/lib/statements/model";
import { sniffStatementFormat } from "@/lib/statements/statement-format";
import { HEAD_BYTES } from "./upload";

export type SavedLayout = { id: string; name: string; headerSignature: string; layout: CsvLayout; createdAt: string };

const PREVIEW_ROWS = 10;

/** A header row's signature: its cells trimmed, in order; a file without a header by its width. */
export function headerSignature(header: string[] | null, width: number): string {
  if (!header) return `columns:${width}`;
  return createHash("sha256")
    .update(header.map((h) => h.trim()).join("\u0000"))
    .digest("hex");
}

/** The CSV's first rows as the guessed layout reads them: the header (if any) and up to 10 data rows. */
export function csvHead(head: Uint8Array) {
  const detected = detectLayout(head);
  const layout = detected.layout;
  const text = new TextDecoder(layout.encoding === "utf-8" ? "utf-8" : "latin1").decode(head).replace(/^\uFEFF/, "");
  // A head cut at HEAD_BYTES may end inside a row: that row is dropped.
  const cut = head.byteLength >= HEAD_BYTES && text.includes("\n");
  const complete = cut ? text.slice(0, text.lastIndexOf("\n")) : text;
  const cells = csvRows(complete, { delimiter: layout.delimiter, quote: layout.quote ?? null }).map((r) => r.cells);
  const header = layout.hasHeader ? (cells[0] ?? []).map((h) => h.trim()) : null;
  const data = layout.hasHeader ? cells.slice(1) : cells;
  const width = Math.max(header?.length ?? 0, ...data.map((r) => r.length));
  return { detected, header, rows: data.slice(0, PREVIEW_ROWS), signature: headerSignature(header, width) };
}

const SAVED_COLUMNS = `id, name, header_signature AS "headerSignature", layout, created_at AS "createdAt"`;
const savedOf = (r: Omit<SavedLayout, "createdAt"> & { createdAt: Date }): SavedLayout => ({
  ...r,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listLayouts(scopeId: string): Promise<SavedLayout[]> {
  const found = await rows<Omit<SavedLayout, "createdAt"> & { createdAt: Date }>(
    pool(),
    `SELECT ${SAVED_COLUMNS} FROM csv_layouts WHERE scope_id = $1::uuid ORDER BY name, id`,
    [scopeId],
  );
  return found.map(savedOf);
}

export async function findLayout(
  scopeId: string,
  by: { id?: string; signature?: string },
): Promise<SavedLayout | null> {
  const found = await rows<Omit<SavedLayout, "createdAt"> & { createdAt: Date }>(
    pool(),
    `SELECT ${SAVED_COLUMNS} FROM csv_layouts WHERE scope_id = $1::uuid AND (id::text = $2 OR header_signature = $3)`,
    [scopeId, by.id ?? "", by.signature ?? ""],
  );
  return found[0] ? savedOf(found[0]) : null;
}

/**
 * Remembers a layout for a header (a second save for the same header replaces it). The layout is
 * checked as the reader will read it; a layout that names columns the header lacks is refused.
 */
export async function saveLayout(input: {
  scopeId: string;
  layout: CsvLayout;
  header: string[] | null;
  actor: AuditActor;
  commit?: Commit<{ saved: SavedLayout; created: boolean }>;
}) {
  const { scopeId, layout, actor, commit = transaction } = input;
  // As the reader names columns: by the header's cells trimmed.
  const header = input.header?.map((cell) => cell.trim()) ?? null;
  if (layout.hasHeader && !header)
    throw validationFailed({
      header: ["A layout with a header row is saved with that header (the file's first row)."],
    });
  if (header) {
    const missing = Object.values(layout.columns)
      .concat(
        layout.amount.kind === "signed"
          ? [layout.amount.column]
          : [layout.amount.debitColumn, layout.amount.creditColumn],
      )
      .filter((c): c is string => typeof c === "string" && !header.includes(c));
    if (missing.length > 0)
      throw validationFailed({
        layout: [`The header has no column named ${missing.map((m) => `“${m}”`).join(", ")}.`],
      });
  }
  const width = Math.max(
    header?.length ?? 0,
    ...Object.values(layout.columns).map((c) => (typeof c === "number" ? c + 1 : 0)),
  );
  const signature = headerSignature(header, width);
  return commit(async (tx) => {
    const [row] = await rows<Omit<SavedLayout, "createdAt"> & { createdAt: Date; created: boolean }>(
      tx,
      `INSERT INTO csv_layouts (id, scope_id, name, header_signature, layout, created_by_id)
       VALUES (gen_random_uuid(), $1::uuid, $2, $3, $4::jsonb, $5::uuid)
       ON CONFLICT (scope_id, header_signature) DO UPDATE SET name = EXCLUDED.name, layout = EXCLUDED.layout, updated_at = now()
       RETURNING ${SAVED_COLUMNS}, (xmax = 0) AS created`,
      [scopeId, layout.name, signature, JSON.stringify(layout), actorUserId(actor)],
    );
    await recordAudit(tx, scopeId, actor, {
      action: "csv_layout.saved",
      recordType: "csv_layout",
      recordId: row.id,
      after: { name: layout.name },
    });
    const { created, ...saved } = row;
    return { saved: savedOf(saved), created };
  });
}

/** A file the readers refuse, as the 422 a caller gets: the reader's message names the line. */
export function asRefusal<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof StatementFileError)
      throw validationFailed(
        { body: [error.message] },
        "This file is not a statement we can read; nothing of it was kept.",
      );
    throw error;
  }
}

/** What the mapper starts from: the file's format, and for a CSV its first rows, the guess and the remembered layout. */
export async function previewStatement(scopeId: string, head: Uint8Array) {
  const format: StatementFormat = asRefusal(() => sniffStatementFormat(head));
  if (format !== "csv") return { format, csv: null };
  const { detected, header, rows: sample, signature } = asRefusal(() => csvHead(head));
  const saved = await findLayout(scopeId, { signature });
  return {
    format,
    csv: {
      header,
      rows: sample,
      detected: CsvLayout.safeParse(detected.layout).success ? CsvLayout.parse(detected.layout) : detected.layout,
      builtIn: detected.builtIn,
      notes: detected.notes,
      saved,
    },
  };
}
