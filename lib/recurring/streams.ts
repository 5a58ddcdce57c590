// Reading streams (a scope's, filtered; one by id, 404 for another scope's) and a person's word on
// one: confirm, rename, dismiss, restore. Each word is one audited action in the verb's transaction;
// detection never rewrites them (lib/recurring/detect-account.ts).
import "server-only";
import type { z } from "zod";
import type { AuditAction } from "@/lib/audit/actions";
import type { Audited } from "@/lib/audit/audited-change";
import { recordAudit } from "@/lib/audit/record";
import type { Tx } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import { notFound } from "@/lib/errors";
import type { Prisma, RecurringStream as Row } from "@/lib/generated/prisma/client";
import type {
  RecurringPatchBody,
  RecurringQuery,
  RecurringStream,
  RecurringStreamDetail,
} from "@/lib/recurring/schemas";

/** Late first, then changed, active and ended; by next expected date within each. */
const STATUS_ORDER = { late: 0, amount_changed: 1, active: 2, ended: 3 } as const;

type Occurrences = RecurringStreamDetail["history"];

/**
 * numeric keeps "34.90" but Prisma's Decimal reads it as 34.9: amounts are written back at the scale
 * the bank wrote them, which the stream's payments (kept as text) show.
 */
function amountText(stream: Row): (value: Prisma.Decimal) => string {
  const last = (stream.history as Occurrences).at(-1)?.amount ?? "";
  const scale = last.includes(".") ? last.length - last.indexOf(".") - 1 : 0;
  return (value) => value.toFixed(Math.max(scale, value.decimalPlaces()));
}

export function serializeStream(s: Row): RecurringStream {
  const money = amountText(s);
  return {
    id: s.id,
    accountId: s.accountId,
    counterpartId: s.counterpartId,
    name: s.name ?? s.label,
    counterpartName: s.label,
    customName: s.name,
    direction: s.direction === "in" ? "in" : "out",
    currency: s.currency,
    period: s.period,
    typicalAmount: money(s.typicalAmount),
    spread: money(s.spread),
    firstDate: s.firstDate,
    lastDate: s.lastDate,
    lastAmount: money(s.lastAmount),
    nextExpectedDate: s.nextExpectedDate,
    nextExpectedAmount: s.nextExpectedAmount ? money(s.nextExpectedAmount) : null,
    occurrences: s.occurrences,
    status: s.status,
    confirmedAt: s.confirmedAt?.toISOString() ?? null,
    dismissedAt: s.dismissedAt?.toISOString() ?? null,
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function serializeStreamDetail(s: Row): RecurringStreamDetail {
  return { ...serializeStream(s), history: s.history as Occurrences };
}

export async function findStream(db: Tx, scopeId: string, id: string): Promise<Row> {
  const found = await db.recurringStream.findFirst({ where: { id, scopeId } });
  if (!found) throw notFound("Recurring stream");
  return found;
}

export async function listStreams(db: Tx, scopeId: string, query: z.infer<typeof RecurringQuery>) {
  const dismissed = query["filter[dismissed]"];
  const where: Prisma.RecurringStreamWhereInput = {
    scopeId,
    ...(query["filter[accountId]"] ? { accountId: query["filter[accountId]"] } : {}),
    ...(query["filter[status]"] ? { status: query["filter[status]"] } : {}),
    ...(dismissed === "any" ? {} : { dismissedAt: dismissed === "true" ? { not: null } : null }),
  };
  const rows = await db.recurringStream.findMany({ where, orderBy: [{ nextExpectedDate: "asc" }, { id: "asc" }] });
  return rows.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]);
}

type Change = { action: AuditAction; data: Prisma.RecurringStreamUpdateInput; field: keyof Row };

function changesOf(stream: Row, body: z.infer<typeof RecurringPatchBody>, now: Date): Change[] {
  const out: Change[] = [];
  if (body.name !== undefined && body.name !== stream.name)
    out.push({ action: "recurring.renamed", data: { name: body.name }, field: "name" });
  if (body.confirmed !== undefined && body.confirmed !== (stream.confirmedAt !== null))
    out.push({
      action: "recurring.confirmed",
      data: { confirmedAt: body.confirmed ? now : null },
      field: "confirmedAt",
    });
  if (body.dismissed !== undefined && body.dismissed !== (stream.dismissedAt !== null))
    out.push({
      action: body.dismissed ? "recurring.dismissed" : "recurring.restored",
      data: { dismissedAt: body.dismissed ? now : null },
      field: "dismissedAt",
    });
  return out;
}

/** A person's word on a stream: each change written with its audit row; the stream as it stands after. */
export function editStream({
  stream,
  body,
  actor,
  commit = transaction,
}: Audited<Row> & { stream: Row; body: z.infer<typeof RecurringPatchBody> }): Promise<Row> {
  return commit(async (tx) => {
    let current = stream;
    for (const change of changesOf(stream, body, new Date())) {
      const updated = await tx.recurringStream.update({
        where: { id: stream.id },
        data: { ...change.data, updatedAt: new Date() },
      });
      await recordAudit(tx, stream.scopeId, actor, {
        action: change.action,
        recordType: "recurring_stream",
        recordId: stream.id,
        before: { [change.field]: current[change.field] },
        after: { [change.field]: updated[change.field] },
      });
      current = updated;
    }
    return current;
  });
}
