// Telling about a stream whose status moved: the webhook (recurring.late once per stream and expected
// date, recurring.amount_changed once per stream and last payment; the outbox's dedupe keys hold it
// to once) and, for a late one, a notification that says what happened and what to do. A stream
// that is paid again resolves its notification. A dismissed stream tells nobody anything.
import "server-only";
import type { SqlDb } from "@/lib/db/sql";
import { formatBankDay } from "@/lib/dates/days";
import { notify, resolveNotification } from "@/lib/notifications/notify";
import type { StreamStatus } from "@/lib/recurring/detect";
import { emitEvent } from "@/lib/webhooks/outbox";

/** A stream as announced: what the table holds of it. */
export type AnnouncedStream = {
  id: string;
  scopeId: string;
  accountId: string;
  name: string;
  direction: "in" | "out";
  currency: string;
  typicalAmount: string;
  lastDate: string;
  nextExpectedDate: string | null;
  dismissed: boolean;
};

const lateKey = (streamId: string) => `recurring.late:${streamId}`;

export async function announce(
  db: SqlDb,
  stream: AnnouncedStream,
  move: { from: StreamStatus | null; to: StreamStatus; previousAmount?: string | null },
): Promise<void> {
  if (move.from === "late" && move.to !== "late") await resolveNotification(db, stream.scopeId, lateKey(stream.id));
  if (stream.dismissed || move.from === move.to) return;
  const common = {
    streamId: stream.id,
    accountId: stream.accountId,
    name: stream.name,
    direction: stream.direction,
    currency: stream.currency,
  };
  if (move.to === "late" && stream.nextExpectedDate) {
    await emitEvent(
      db,
      stream.scopeId,
      {
        type: "recurring.late",
        data: {
          ...common,
          expectedDate: stream.nextExpectedDate,
          expectedAmount: stream.typicalAmount,
          lastDate: stream.lastDate,
        },
      },
      `recurring.late:${stream.id}:${stream.nextExpectedDate}`,
    );
    const what = stream.direction === "in" ? "has not come in" : "has not gone out";
    await notify(db, stream.scopeId, {
      kind: "recurring.late",
      dedupeKey: lateKey(stream.id),
      severity: "warning",
      title: `${stream.name}: the payment expected on ${formatBankDay(stream.nextExpectedDate)} ${what}`,
      body: `${stream.currency} ${stream.typicalAmount} is usually ${stream.direction === "in" ? "received" : "paid"} by then; the last payment was on ${formatBankDay(stream.lastDate)}. Check with ${stream.name}, or dismiss the stream if it has ended.`,
      href: `/recurring?stream=${stream.id}`,
      subject: { type: "recurring_stream", id: stream.id },
    });
  }
  if (move.to === "amount_changed" && move.previousAmount)
    await emitEvent(
      db,
      stream.scopeId,
      {
        type: "recurring.amount_changed",
        data: {
          ...common,
          previousAmount: move.previousAmount,
          amount: stream.typicalAmount,
          lastDate: stream.lastDate,
        },
      },
      `recurring.amount_changed:${stream.id}:${stream.lastDate}`,
    );
}
