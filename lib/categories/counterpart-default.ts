// set-counterpart-default-category, a person's verb: the category a counterpart's transactions take
// when no person and no rule chose one (source `counterpart`). In the same transaction its rows (its
// own and those of the counterparts consolidated into it, by the effective counterpart) follow: a row
// with no category and no person's choice takes the new default, a row that had the old default takes
// the new one, and clearing it takes it off the rows that had it from here. A person's choice, a
// person's clearing and a rule's category are never touched.
import "server-only";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { execute } from "@/lib/db/sql";
import { validationFailed } from "@/lib/errors";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { assignableCategory } from "@/lib/categories/find";
import { memberIds } from "@/lib/counterparts/transactions";

type SetDefault = { counterpart: Counterpart; categoryId: string | null } & Audited<DefaultSet>;

export type DefaultSet = { counterpartId: string; defaultCategoryId: string | null; transactionsChanged: number };

export function setCounterpartDefaultCategory({ commit = transaction, ...change }: SetDefault): Promise<DefaultSet> {
  return commit((tx) => setDefault(tx, change));
}

async function setDefault(db: Tx, { counterpart, categoryId, actor }: Omit<SetDefault, "commit">): Promise<DefaultSet> {
  const { scopeId, id } = counterpart;
  if (counterpart.mergedIntoId)
    throw validationFailed({
      categoryId: ["This counterpart is consolidated into another: its rows count there, so set the default there"],
    });
  if (categoryId) await assignableCategory(db, scopeId, categoryId, "categoryId");
  await execute(db, "SELECT 1 FROM counterparts WHERE id = $1::uuid FOR UPDATE", id);
  const before = await db.counterpart.findUniqueOrThrow({ where: { id }, select: { defaultCategoryId: true } });
  await db.counterpart.update({ where: { id }, data: { defaultCategoryId: categoryId } });
  const members = await memberIds(db, scopeId, id);
  // The feed's account locks first, in one order (lib/changes/lock.ts), then the rows.
  await execute(
    db,
    `SELECT change_feed_lock(a.scope_id, a.id) FROM tracked_accounts a
      WHERE a.scope_id = $1::uuid AND EXISTS (SELECT 1 FROM transactions t
        WHERE t.account_id = a.id AND coalesce(t.bound_counterpart_id, t.counterpart_id) = ANY($2::uuid[]))
      ORDER BY a.id`,
    scopeId,
    members,
  );
  const transactionsChanged = await execute(
    db,
    `UPDATE transactions t
        SET category_id = $3::uuid, category_source = CASE WHEN $3::uuid IS NULL THEN NULL ELSE 'counterpart'::category_source END
      WHERE t.scope_id = $1::uuid AND coalesce(t.bound_counterpart_id, t.counterpart_id) = ANY($2::uuid[])
        AND t.removed_at IS NULL AND NOT ('category' = ANY(coalesce(t.person_fields, '{}')))
        AND (t.category_source = 'counterpart' OR (t.category_source IS NULL AND t.category_id IS NULL))
        AND t.category_id IS DISTINCT FROM $3::uuid`,
    scopeId,
    members,
    categoryId,
  );
  if (before.defaultCategoryId === categoryId)
    return { counterpartId: id, defaultCategoryId: categoryId, transactionsChanged };
  await recordAudit(db, scopeId, actor, {
    action: "counterpart.default_category_changed",
    recordType: "counterpart",
    recordId: id,
    before: { defaultCategoryId: before.defaultCategoryId },
    after: { defaultCategoryId: categoryId, transactionsChanged },
  });
  return { counterpartId: id, defaultCategoryId: categoryId, transactionsChanged };
}
