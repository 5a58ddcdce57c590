// Undoing a re-issue pairing (reconcile.ts): the two bank entries are told apart again. Our row gets
// back the bank id and fields it had before the pairing and is marked removed (the bank no longer
// lists that id: that is why it was paired); the bank's new entry becomes a row of its own, as it
// would have been without the pairing. Only a row's latest pairing can be undone, newest first.
// The undo is a person's change: its audit row is written in the caller's transaction.
import type { PoolClient } from "pg";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit } from "@/lib/audit/record";
import { lockChangeFeedOfReissue } from "@/lib/changes/lock";
import { BANK_COLUMNS } from "@/lib/sync/bank-columns";
import { COPY_FROM_R } from "@/lib/sync/reconcile";

const COLUMNS = [...BANK_COLUMNS, "content_hash", "counterpart_id"];

type UndoResult = { undone: true; transactionId: string; newTransactionId: string } | { undone: false; reason: string };

export async function undoReissue(client: PoolClient, reissueId: string, actor: AuditActor): Promise<UndoResult> {
  // The change feed's account lock before the row locks below (lib/changes/lock.ts).
  await lockChangeFeedOfReissue(client, reissueId);
  // JSON as text: a JS round trip would turn the amount 1150.00 into 1150.
  const { rows } = await client.query<{
    transaction_id: string;
    scope_id: string;
    run_id: string;
    previous: string;
    current: string;
    later: boolean;
  }>(
    `SELECT r.transaction_id, t.scope_id, r.run_id, r.previous::text AS previous, to_jsonb(t.*)::text AS current,
            EXISTS (SELECT 1 FROM transaction_reissues l WHERE l.transaction_id = r.transaction_id AND l.undone_at IS NULL
                      AND (l.matched_at, l.id) > (r.matched_at, r.id)) AS later
       FROM transaction_reissues r JOIN transactions t ON t.id = r.transaction_id
      WHERE r.id = $1 AND r.undone_at IS NULL
        FOR UPDATE OF r, t`,
    [reissueId],
  );
  const r = rows[0];
  if (!r) return { undone: false, reason: "No such pairing, or it was already undone." };
  if (r.later) return { undone: false, reason: "The transaction was paired again later; undo that pairing first." };
  // Our row first (it holds the new bank id, which must be free before the new entry's row takes it).
  await client.query(
    `UPDATE transactions t SET ${COPY_FROM_R}, removed_at = now(), updated_at = now()
       FROM jsonb_populate_record(NULL::transactions, $2::jsonb) r WHERE t.id = $1`,
    [r.transaction_id, r.previous],
  );
  const { rows: created } = await client.query<{ id: string }>(
    `INSERT INTO transactions (id, scope_id, account_id, first_seen_run_id, last_seen_run_id, removed_at, updated_at, ${COLUMNS.join(", ")})
     SELECT gen_random_uuid(), c.scope_id, c.account_id, $2, c.last_seen_run_id, c.removed_at, now(), ${COLUMNS.map((col) => `c.${col}`).join(", ")}
       FROM jsonb_populate_record(NULL::transactions, $1::jsonb) c
     RETURNING id`,
    [r.current, r.run_id],
  );
  await client.query("UPDATE transaction_reissues SET undone_at = now() WHERE id = $1", [reissueId]);
  const externalId = (json: string) => (JSON.parse(json) as { external_id?: string }).external_id ?? null;
  await recordAudit(client, r.scope_id, actor, {
    action: "transaction.reissue_undone",
    recordType: "transaction",
    recordId: r.transaction_id,
    before: { externalId: externalId(r.current), removed: false },
    after: { externalId: externalId(r.previous), removed: true, newTransactionId: created[0].id },
  });
  return { undone: true, transactionId: r.transaction_id, newTransactionId: created[0].id };
}
