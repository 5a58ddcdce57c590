// A counterpart's transactions (itself and everything consolidated into it), newest first, keyset
// on (sort_date, id) over transactions_effective_counterpart_idx; and binding one transaction to a
// counterpart by hand. The binding lives on our transaction row (bound_counterpart_id), which ingest
// never writes and reconcile keeps when the bank re-issues the transaction under a new id.
import { notFound, validationFailed } from "@/lib/errors";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { lockChangeFeedOfTransaction } from "@/lib/changes/lock";
import { decodeCursor, pageOf } from "@/lib/pagination";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import {
  DISPLAY_NAME_JOIN,
  TRANSACTION_COLUMNS,
  serializeTransaction,
  type TransactionRow,
} from "@/lib/accounttracking/transactions/transactions";
import { execute, query } from "@/lib/db/sql";
import { ownCte } from "@/lib/accounttracking/transactions/transfers";
import { addPersonFields } from "@/lib/categories/person-fields";

// The columns every transaction answer has, and the derived counterpart beside the effective one.
const COLUMNS = `${TRANSACTION_COLUMNS}, t.counterpart_id AS derived_counterpart_id`;

/** Rows with their account and the scope's own IBANs ($2 is the scope), for transfer detection. */
const FROM = `${ownCte("$2::uuid")} SELECT ${COLUMNS} FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own ${DISPLAY_NAME_JOIN}`;

type Row = TransactionRow & { derived_counterpart_id: string | null };

export function serializeCounterpartTransaction(r: Row) {
  return { ...serializeTransaction(r), derivedCounterpartId: r.derived_counterpart_id, isBound: r.counterpart_bound };
}

/** Ids whose transactions belong to this counterpart: itself and all consolidated into it. */
export async function memberIds(db: Tx, scopeId: string, id: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    `WITH RECURSIVE m AS (
       SELECT id FROM counterparts WHERE id = $1::uuid AND scope_id = $2::uuid
       UNION SELECT c.id FROM counterparts c JOIN m ON c.merged_into_id = m.id WHERE c.scope_id = $2::uuid
     ) SELECT id FROM m`,
    id,
    scopeId,
  );
  return rows.map((r) => r.id);
}

export async function counterpartTransactions(
  db: Tx,
  scopeId: string,
  counterpartId: string,
  options: { perPage: number; cursor?: string; accountId?: string },
) {
  const ids = await memberIds(db, scopeId, counterpartId);
  const list = {
    name: `counterpart-transactions:${scopeId}:${counterpartId}`,
    filters: { accountId: options.accountId },
  };
  const after = decodeCursor(list, options.cursor, 2);
  const rows = await query<Row>(
    db,
    `WITH ${FROM}
      WHERE coalesce(t.bound_counterpart_id, t.counterpart_id) = ANY($1::uuid[]) AND t.scope_id = $2::uuid AND t.removed_at IS NULL
        AND ($3::uuid IS NULL OR t.account_id = $3::uuid)
        AND ($4::text IS NULL OR (t.sort_date, t.id) < ($4::text, $5::uuid))
      ORDER BY t.sort_date DESC, t.id DESC LIMIT $6`,
    ids,
    scopeId,
    options.accountId ?? null,
    after ? String(after[0]) : null,
    after ? String(after[1]) : null,
    options.perPage + 1,
  );
  const page = pageOf(list, rows, options.perPage, (r) => [r.sort_date, r.id]);
  return { items: page.items.map(serializeCounterpartTransaction), meta: page.meta };
}

export async function findTransaction(db: Tx, scopeId: string, id: string): Promise<Row> {
  const [row] = await query<Row>(db, `WITH ${FROM} WHERE t.id = $1::uuid AND t.scope_id = $2::uuid`, id, scopeId);
  if (!row) throw notFound("Transaction");
  return row;
}

type Binding = { scopeId: string; transactionId: string; counterpartId: string | null } & Audited<Row>;

/** bind-transaction, the verb: one transaction to a counterpart (null: the derived one again), audited. */
export function bindTransaction({ commit = transaction, ...binding }: Binding): Promise<Row> {
  return commit((tx) => bind(tx, binding));
}

async function bind(db: Tx, { scopeId, transactionId, counterpartId, actor }: Omit<Binding, "commit">): Promise<Row> {
  if (counterpartId) {
    const target = await db.counterpart.findFirst({ where: { id: counterpartId, scopeId }, select: { id: true } });
    if (!target) throw validationFailed({ counterpartId: ["No counterpart with this id in this scope"] });
  }
  // The change feed's account lock before the row lock (lib/changes/lock.ts); then the row, locked,
  // so the audit row's "before" is the value this change replaced.
  await lockChangeFeedOfTransaction(db, transactionId);
  const [before] = await query<{ bound_counterpart_id: string | null }>(
    db,
    "SELECT bound_counterpart_id FROM transactions WHERE id = $1::uuid AND scope_id = $2::uuid FOR UPDATE",
    transactionId,
    scopeId,
  );
  await execute(
    db,
    `UPDATE transactions SET bound_counterpart_id = $1::uuid, ${addPersonFields("counterpart")}
      WHERE id = $2::uuid AND scope_id = $3::uuid`,
    counterpartId,
    transactionId,
    scopeId,
  );
  await recordAudit(db, scopeId, actor, {
    action: counterpartId ? "transaction.counterpart_bound" : "transaction.counterpart_unbound",
    recordType: "transaction",
    recordId: transactionId,
    before: { boundCounterpartId: before?.bound_counterpart_id ?? null },
    after: { boundCounterpartId: counterpartId },
  });
  return findTransaction(db, scopeId, transactionId);
}
