"use client";
// On an account's page: its next expected payments (the soonest few streams still running), with a
// link to the Recurring page for the rest. Nothing shows before detection has found a stream.
import { AppLink } from "@/components/ui/app-link";
import { formatBankDate, formatMoney } from "@/components/accounts/format";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { STATUS_LABEL, STATUS_TONE } from "@/components/recurring/labels";
import { useRecurringStreams } from "@/lib/client/recurring";

const SHOWN = 5;

export function NextExpectedPayments({ accountId }: { accountId: string }) {
  const streams = useRecurringStreams({ accountId, dismissed: "false" });
  const next = (streams.data ?? [])
    .filter((s) => s.status !== "ended" && s.nextExpectedDate)
    .sort((a, b) => (a.nextExpectedDate ?? "").localeCompare(b.nextExpectedDate ?? ""))
    .slice(0, SHOWN);
  if (next.length === 0) return null;
  return (
    <Card>
      <CardHeader
        title="Next expected payments"
        action={
          <AppLink href={`/recurring?account=${accountId}`} className="text-sm text-indigo-700 hover:underline">
            All recurring payments
          </AppLink>
        }
      />
      <ul className="divide-y divide-slate-100 text-sm" aria-label="Next expected payments">
        {next.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5">
            <span className="font-medium text-slate-900">{s.name}</span>
            <span className="flex items-center gap-3 tabular-nums text-slate-700">
              {formatBankDate(s.nextExpectedDate)}
              <span className={s.direction === "in" ? "text-emerald-700" : undefined}>
                {formatMoney(s.direction === "in" ? s.typicalAmount : `-${s.typicalAmount}`, s.currency, {
                  signed: true,
                })}
              </span>
              {s.status !== "active" && <Badge tone={STATUS_TONE[s.status]}>{STATUS_LABEL[s.status]}</Badge>}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
