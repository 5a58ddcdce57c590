// set-transaction-category, a person's verb: the one category of one transaction, or none on purpose
// (null). Source `person`, and `category` joins the row's person_fields, so no rule, counterpart
// default or later sync changes it again; a rule's link (category_rule_id) goes, as the rule no longer
// decides. Audited as transaction.category_changed, in the same transaction.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { assignableCategory } from "@/lib/categories/find";
import { editTransaction } from "@/lib/accounttracking/transactions/person-edit";

type SetCategory = { scopeId: string; transactionId: string; categoryId: string | null } & Audited<void>;

export function setTransactionCategory({ commit = transaction, ...change }: SetCategory): Promise<void> {
  return commit((tx) => setCategory(tx, change));
}

async function setCategory(
  db: Tx,
  { scopeId, transactionId, categoryId, actor }: Omit<SetCategory, "commit">,
): Promise<void> {
  if (categoryId) await assignableCategory(db, scopeId, categoryId, "categoryId");
  const old = await editTransaction<string>(db, {
    scopeId,
    transactionId,
    field: "category",
    column: "category_id",
    set: "category_id = $1::uuid, category_source = 'person', category_rule_id = NULL",
    value: categoryId,
  });
  await recordAudit(db, scopeId, actor, {
    action: "transaction.category_changed",
    recordType: "transaction",
    recordId: transactionId,
    before: { categoryId: old },
    after: { categoryId },
  });
}
