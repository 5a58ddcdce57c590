"use client";
// The side panel for one counterpart: its family tree (rolled-up totals) and its client binding.
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { BindClient } from "@/components/counterparts/bind-client";
import { FamilyTree } from "@/components/counterparts/family-tree";
import type { ListedCounterpart } from "@/lib/client/counterparts";

type Props = { counterpart: ListedCounterpart; accountId: string; candidates: ListedCounterpart[]; canEdit: boolean; onClose: () => void };

export function ManagePanel({ counterpart, accountId, candidates, canEdit, onClose }: Props) {
  return (
    <Card className="self-start">
      <CardHeader
        title={counterpart.displayName}
        description="Family and client"
        action={<Button size="sm" variant="ghost" onClick={onClose}>Close</Button>}
      />
      <div className="space-y-5 px-5 py-4">
        <section aria-label="Family">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Family</h3>
          <FamilyTree counterpartId={counterpart.id} accountId={accountId} currency={counterpart.currency} candidates={candidates} canEdit={canEdit} />
        </section>
        <section aria-label="Client">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Client</h3>
          <BindClient counterpartId={counterpart.id} entity={counterpart.entity} canEdit={canEdit} />
        </section>
      </div>
    </Card>
  );
}
