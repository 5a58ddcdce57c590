// A person's note and tags on a transaction: ours, not the bank's (the sync never writes them, and a
// re-issue pairing keeps them with our row). Changing them is recorded in the audit trail, with the
// values before and after, in the same transaction as the change.
import { notFound } from "@/lib/errors";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { lockChangeFeedOfTransaction } from "@/lib/changes/lock";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { query } from "@/lib/db/sql";
import { addPersonFields } from "@/lib/categories/person-fields";

type NoteChange = { note?: string | null; tags?: string[] };

type SetNote = { scopeId: string; transactionId: string; change: NoteChange } & Audited<void>;

/** set-transaction-note, the verb: sets what is given (a field left out keeps its value); tags are kept unique, in the order given. */
export function setTransactionNote({ commit = transaction, ...note }: SetNote): Promise<void> {
  return commit((tx) => setNote(tx, note));
}

async function setNote(db: Tx, { scopeId, transactionId, change, actor }: Omit<SetNote, "commit">): Promise<void> {
  // The change feed's account lock before the row lock, as every writer of a row takes them
  // (lib/changes/lock.ts): a note saved while the sync rewrites the row waits, and never deadlocks.
  await lockChangeFeedOfTransaction(db, transactionId);
  const [before] = await query<{ note: string | null; tags: string[] | null }>(
    db,
    `SELECT note, tags FROM transactions WHERE id = $1::uuid AND scope_id = $2::uuid AND removed_at IS NULL FOR UPDATE`,
    transactionId,
    scopeId,
  );
  if (!before) throw notFound("Transaction");
  const note = change.note === undefined ? before.note : change.note;
  const tags = change.tags === undefined ? (before.tags ?? []) : [...new Set(change.tags)];
  // The fields the person sent are theirs from now on: no rule writes them again.
  const edited = [
    ...(change.note === undefined ? [] : ["note" as const]),
    ...(change.tags === undefined ? [] : ["tags" as const]),
  ];
  const mark = edited.length ? `, ${addPersonFields(...edited)}` : "";
  await query(
    db,
    `UPDATE transactions SET note = $2, tags = $3::text[]${mark} WHERE id = $1::uuid`,
    transactionId,
    note,
    tags,
  );
  const was = { note: before.note, tags: before.tags ?? [] };
  if (was.note === note && JSON.stringify(was.tags) === JSON.stringify(tags)) return;
  await recordAudit(db, scopeId, actor, {
    action: "transaction.note_changed",
    recordType: "transaction",
    recordId: transactionId,
    before: was,
    after: { note, tags },
  });
}
