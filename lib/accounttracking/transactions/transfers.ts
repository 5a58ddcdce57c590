// Own-account transfers: money moved between two accounts of the same person or company is not
// spending or income, so in/out totals, charts and top counterparts leave it out. Detected at read
// time (no column the sync must fill, so it needs no change in lib/sync and a newly tracked account
// reclassifies its sibling's history at once), by the rule the database defines once
// (prisma/functions/04_transfer_rule.sql): a person's mark (transactions.transfer_override, which the
// sync upsert never writes) wins both ways; else the other party's IBAN is one of the scope's tracked
// accounts, or its name is the account holder's own (a guess: "Alice Martin" paying "Alice Martin" is
// a transfer to an account not tracked here). The API serialises the answer (isTransfer,
// transferSource); the UI only shows it.
import type { AuditActor } from "@/lib/audit/actor";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { editTransaction } from "@/lib/accounttracking/transactions/person-edit";

export type TransferSource = "person" | "tracked_account" | "owner_name";

/**
 * CTE `own(ibans)`: the own IBANs of the scope `scopeSql` names, as the transfer rule compares them.
 * MATERIALIZED, so the function runs once: inlined, a nested loop could scan it again for each row.
 */
export function ownCte(scopeSql: string): string {
  return `own AS MATERIALIZED (SELECT ll_own_ibans(${scopeSql}) AS ibans)`;
}

/**
 * Why row `t` counts as an own-account transfer, or NULL: the database's one definition of the rule
 * (prisma/functions/04_transfer_rule.sql, inlined by the planner), which the maintained figures'
 * triggers use too. Needs `own` (ownCte) and `owner`, the SQL of the account holder's name
 * (tracked_accounts.owner_name of t's account).
 */
export function transferSourceSql(t: string, owner: string): string {
  return `ll_transfer_source(${t}.transfer_override, ${t}.amount, ${t}.creditor_iban, ${t}.debtor_iban, ${t}.ultimate_creditor,
    ${t}.creditor_name, ${t}.ultimate_debtor, ${t}.debtor_name, own.ibans, ${owner})`;
}

export function isTransferSql(t: string, owner: string): string {
  return `(${transferSourceSql(t, owner)} IS NOT NULL)`;
}

/**
 * A person marks (true) or unmarks (false) a transaction as an own-account transfer, or returns it
 * to detection (null). Kept on our row, so it survives re-syncs and re-issued bank ids.
 */
export function setTransferOverride({
  commit = transaction,
  ...change
}: { scopeId: string; transactionId: string; value: boolean | null } & Audited<void>): Promise<void> {
  return commit((tx) => override(tx, change));
}

async function override(
  db: Tx,
  {
    scopeId,
    transactionId,
    value,
    actor,
  }: { scopeId: string; transactionId: string; value: boolean | null; actor: AuditActor },
): Promise<void> {
  const old = await editTransaction<boolean>(db, {
    scopeId,
    transactionId,
    field: "transfer",
    column: "transfer_override",
    set: "transfer_override = $1",
    value,
  });
  await recordAudit(db, scopeId, actor, {
    action: value === null ? "transaction.transfer_cleared" : "transaction.transfer_marked",
    recordType: "transaction",
    recordId: transactionId,
    before: { transferOverride: old },
    after: { transferOverride: value },
  });
}
