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

type Record = { id: string; scopeId: string };

type Change<R extends Record> = Audited<R> & {
  record: R;
  action: AuditAction;
  /** The fields to write; the trail shows them (or only `shown`) before and after. */
  data: Partial<R>;
  shown?: (keyof R & string)[];
  /** What must hold first, read in the same transaction (a 4xx when it does not). */
  check?: (tx: Tx) => Promise<void>;
};

/**
 * The audited changes of one kind of record: `recordType` in the trail, `update` writing a change's
 * data. `accountChange({ record, action, data, actor })` is then a whole verb.
 */
export function auditedChanges<R extends Record>(
  recordType: AuditRecordType,
  update: (tx: Tx, record: R, data: Partial<R>) => Promise<R>,
) {
  return ({ record, action, data, shown, check, actor, commit = transaction }: Change<R>): Promise<R> => {
    const keys = shown ?? (Object.keys(data) as (keyof R & string)[]);
    const fields = (r: R): AuditFields => Object.fromEntries(keys.map((k) => [k, r[k]]));
    return commit(async (tx) => {
      await check?.(tx);
      const updated = await update(tx, record, data);
      await recordAudit(tx, record.scopeId, actor, {
        action,
        recordType,
        recordId: record.id,
        before: fields(record),
        after: fields(updated),
      });
      return updated;
    });
  };
}
