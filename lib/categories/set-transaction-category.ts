// set-transaction-category, a person's verb: the one category of one transaction, or none on purpose
// (null). Source `person`, and `category` joins the row's person_fields, so no rule, counterpart
// default or later sync changes it again; a rule's link (category_rule_id) goes, as the rule no longer
// decides. Audited as transaction.category_changed, in the same transaction.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import { lockChangeFeedOfTransaction } from "@/lib/changes/lock";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { query } from "@/lib/db/sql";
import { notFound } from "@/lib/errors";
import { assignableCategory } from "@/lib/categories/find";
import { addPersonFields } from "@/lib/categories/person-fields";

type SetCategory = { scopeId: string; transactionId: string; categoryId: string | null } & Audited<void>;

export function setTransactionCategory({ commit = transaction, ...change }: SetCategory): Promise<void> {
  return commit((tx) => setCategory(tx, change));
}

async function setCategory(
  db: Tx,
  { scopeId, transactionId, categoryId, actor }: Omit<SetCategory, "commit">,
): Promise<void> {
  if (categoryId) await assignableCategory(db, scopeId, categoryId, "categoryId");
  // The change feed's account lock before the row lock (lib/changes/lock.ts); the value replaced is
  // read locked in the same statement, for the audit row.
  await lockChangeFeedOfTransaction(db, transactionId);
  const [changed] = await query<{ old: string | null }>(
    db,
    `UPDATE transactions t SET category_id = $1::uuid, category_source = 'person', category_rule_id = NULL,
            ${addPersonFields("category")}
       FROM (SELECT id, category_id AS old FROM transactions
              WHERE id = $2::uuid AND scope_id = $3::uuid AND removed_at IS NULL FOR UPDATE) o
      WHERE t.id = o.id RETURNING o.old`,
    categoryId,
    transactionId,
    scopeId,
  );
  if (!changed) throw notFound("Transaction");
  await recordAudit(db, scopeId, actor, {
    action: "transaction.category_changed",
    recordType: "transaction",
    recordId: transactionId,
    before: { categoryId: changed.old },
    after: { categoryId },
  });
}
