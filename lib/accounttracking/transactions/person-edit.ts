// A person's edit of one field of one live transaction of the scope, as every such verb writes it:
// the change feed's account lock before the row lock (lib/changes/lock.ts), then the new value with
// the field added to the row's person_fields (lib/categories/person-fields.ts) and the value it
// replaced read locked in the same statement, for the verb's audit row.
import "server-only";
import { lockChangeFeedOfTransaction } from "@/lib/changes/lock";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { addPersonFields, type PersonField } from "@/lib/categories/person-fields";

/**
 * Sets `set` (our own SQL, its new value as $1) on the transaction and marks `field` as the person's;
 * returns what `column` held before. Not found (or not live in the scope): 404.
 */
export async function editTransaction<T>(
  db: Tx,
  edit: { scopeId: string; transactionId: string; field: PersonField; column: string; set: string; value: unknown },
): Promise<T | null> {
  await lockChangeFeedOfTransaction(db, edit.transactionId);
  const [changed] = await query<{ old: T | null }>(
    db,
    `UPDATE transactions t SET ${edit.set}, ${addPersonFields(edit.field)}
       FROM (SELECT id, ${edit.column} AS old FROM transactions
              WHERE id = $2::uuid AND scope_id = $3::uuid AND removed_at IS NULL FOR UPDATE) o
      WHERE t.id = o.id RETURNING o.old`,
    edit.value,
    edit.transactionId,
    edit.scopeId,
  );
  if (!changed) throw notFound("Transaction");
  return changed.old;
}
