"use client";
// Bank connections whose access ends within 14 days, each naming whose access and which accounts
// (components/accounts/access-ending.tsx, the same sentence as on the accounts list and an account's
// page): PSD2 consents cannot be extended, so the person renews before syncing stops.
import { AccessEndingNote } from "@/components/accounts/access-ending";
import { Card, CardHeader } from "@/components/ui/card";
import type { Consent } from "@/lib/client/accounttracking";
import type { Account } from "@/lib/client/accounts";

export function ConsentsEnding({
  consents,
  accounts,
  canReconnect,
}: {
  consents: Consent[];
  accounts: Account[];
  canReconnect: boolean;
}) {
  if (consents.length === 0) return null;
  return (
    <Card className="ring-amber-300">
      <CardHeader
        title="Bank access ending soon"
        description="Banks let access last at most 180 days. Renew it at your bank before it ends so your accounts keep syncing."
      />
      <ul className="divide-y divide-slate-100">
        {consents.map((c) => (
          <li key={c.id}>
            <AccessEndingNote
              consent={c}
              accounts={accounts}
              canRenew={canReconnect}
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-3 text-sm text-slate-900"
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
