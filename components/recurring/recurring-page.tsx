"use client";
// The Recurring page: every payment that comes again and again, money in and money out apart, late
// ones first (the API's order). A person confirms, renames or dismisses a stream; dismissed ones are
// shown on request and can be restored. An account may be chosen (kept in the URL).
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { AccountSelect } from "@/components/accounts/account-select";
import { Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { QueryStates } from "@/components/ui/query-states";
import { StreamsTable } from "@/components/recurring/streams-table";
import { useAccounts } from "@/lib/client/accounts";
import { itemsOf } from "@/lib/client/domain-hooks";
import { useCurrentScope } from "@/lib/client/hooks";
import { useRecurringStreams } from "@/lib/client/recurring";

export function RecurringPage() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const accountId = params.get("account") ?? "";
  // Kept here as well as in the URL, so the box follows the click at once (the URL follows it).
  const [showDismissed, setShowDismissed] = useState(params.get("dismissed") === "1");
  const { scope } = useCurrentScope();
  const canEdit = scope?.role === "admin" || scope?.role === "member";
  const accounts = itemsOf(useAccounts().data);
  const streams = useRecurringStreams({ accountId, dismissed: showDismissed ? "true" : "false" });
  const go = (next: { account?: string; dismissed?: boolean }) => {
    const q = new URLSearchParams();
    const account = next.account ?? accountId;
    const dismissed = next.dismissed ?? showDismissed;
    setShowDismissed(dismissed);
    if (account) q.set("account", account);
    if (dismissed) q.set("dismissed", "1");
    router.replace(q.size ? `${pathname}?${q}` : pathname, { scroll: false });
  };

  return (
    <div>
      <PageHeader
        title="Recurring payments"
        description="Salaries, rent, subscriptions and direct debits found in your accounts, with when the next one is due. Late ones come first."
      />
      <Card>
        <CardHeader
          title={showDismissed ? "Dismissed payments" : "Recurring payments"}
          action={
            <div className="flex flex-wrap items-center gap-3">
              <AccountSelect accounts={accounts} value={accountId} onChange={(account) => go({ account })} />
              <label className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" checked={showDismissed} onChange={(e) => go({ dismissed: e.target.checked })} />
                Show dismissed
              </label>
            </div>
          }
        />
        <QueryStates
          query={streams}
          rows={6}
          loading="Loading recurring payments"
          empty={
            <EmptyState title={showDismissed ? "Nothing dismissed" : "No recurring payments yet"}>
              {showDismissed
                ? "Payments you dismiss are kept here; restore one to see it again."
                : "They appear after an account's first sync, once a payment has come a few times."}
            </EmptyState>
          }
        >
          {(list) => (
            <div className="space-y-6 pb-4">
              {(["in", "out"] as const).map((direction) => {
                const group = list.filter((s) => s.direction === direction);
                if (group.length === 0) return null;
                const title = direction === "in" ? "Money in" : "Money out";
                return (
                  <section key={direction} aria-label={title}>
                    <h3 className="px-5 pt-4 text-sm font-semibold text-slate-900">{title}</h3>
                    <StreamsTable caption={title} streams={group} canEdit={canEdit} highlight={params.get("stream")} />
                  </section>
                );
              })}
            </div>
          )}
        </QueryStates>
      </Card>
    </div>
  );
}
