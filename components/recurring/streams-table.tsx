"use client";
// One direction's streams (money in, or money out) as a table: name (a person may rename it), period,
// typical amount and its spread, next expected date, status, the latest payments, and the actions.
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { Badge } from "@/components/ui/card";
import { InlineRename } from "@/components/ui/inline-rename";
import { Table, Td } from "@/components/ui/table";
import { PERIOD_LABEL, STATUS_LABEL, STATUS_TONE } from "@/components/recurring/labels";
import { Sparkline } from "@/components/recurring/sparkline";
import { StreamActions } from "@/components/recurring/stream-actions";
import { useStreamWord, type Stream } from "@/lib/client/recurring";

function StreamName({ stream, canEdit }: { stream: Stream; canEdit: boolean }) {
  const word = useStreamWord();
  return (
    <InlineRename
      original={stream.counterpartName}
      current={stream.customName}
      canEdit={canEdit && !stream.dismissedAt}
      inputLabel={`Name for ${stream.counterpartName}`}
      maxLength={120}
      onSave={(name) => word.mutateAsync({ id: stream.id, word: { name } })}
    />
  );
}

export function StreamsTable({
  caption,
  streams,
  canEdit,
  highlight,
}: {
  caption: string;
  streams: Stream[];
  canEdit: boolean;
  /** A stream a link pointed at (a late payment's notification). */
  highlight?: string | null;
}) {
  return (
    <Table
      caption={caption}
      head={["Name", "Period", "Typical amount", "Next expected", "Status", "Latest payments"]}
      actions={canEdit}
    >
      {streams.map((s) => (
        <tr key={s.id} data-stream={s.id} className={s.id === highlight ? "bg-indigo-50" : undefined}>
          <Td>
            <StreamName stream={s} canEdit={canEdit} />
          </Td>
          <Td>{PERIOD_LABEL[s.period]}</Td>
          <Td className="tabular-nums">
            {formatMoney(s.typicalAmount, s.currency)}
            {Number(s.spread) > 0 && (
              <span className="ml-1 text-xs text-slate-500">± {formatMoney(s.spread, s.currency)}</span>
            )}
          </Td>
          <Td className="tabular-nums">{s.status === "ended" ? "—" : formatBankDate(s.nextExpectedDate)}</Td>
          <Td>
            <Badge tone={STATUS_TONE[s.status]}>{STATUS_LABEL[s.status]}</Badge>
            {s.confirmedAt && <span className="ml-2 text-xs text-emerald-700">confirmed</span>}
          </Td>
          <Td>
            <Sparkline
              history={s.history}
              label={`${s.occurrences} payments from ${formatBankDate(s.firstDate)} to ${formatBankDate(s.lastDate)}`}
            />
          </Td>
          {canEdit && (
            <Td>
              <StreamActions stream={s} />
            </Td>
          )}
        </tr>
      ))}
    </Table>
  );
}
