// The verb shape most of a person's edits take: change one record, and record the change in the
// audit trail (its fields before and after; no row when nothing changed), in one transaction of the
// verb's own, whose `commit` the caller may lend (lib/db/transaction.ts).
import "server-only";
import type { AuditAction, AuditRecordType } from "@/lib/audit/actions";
import type { AuditActor } from "@/lib/audit/actor";
import { recordAudit, type AuditFields } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";

/** What every audited verb takes beside its own input: who acts, and optionally its last transaction. */
export type Audited<T> = { actor: AuditActor; commit?: Commit<T> };

type Change<R> = Audited<R> & {
  record: R & { id: string; scopeId: string };
  action: AuditAction;
  recordType: AuditRecordType;
  /** The fields the change is about, as the trail shows them before and after. */
  fields: (record: R) => AuditFields;
  /** What must hold first, read in the same transaction (a 4xx when it does not). */
  check?: (tx: Tx) => Promise<void>;
  update: (tx: Tx) => Promise<R>;
};

export function auditedChange<R>(change: Change<R>): Promise<R> {
  const { record, action, recordType, fields, check, update, actor, commit = transaction } = change;
  return commit(async (tx) => {
    await check?.(tx);
    const updated = await update(tx);
    await recordAudit(tx, record.scopeId, actor, {
      action,
      recordType,
      recordId: record.id,
      before: fields(record),
      after: fields(updated),
    });
    return updated;
  });
}
