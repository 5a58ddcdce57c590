"use client";
// The family and client panel of one counterpart, shown in a row under it: its family tree
// (rolled-up totals) and its client binding. Close returns focus to the button that opened it.
import { Button } from "@/components/ui/button";
import { BindClient } from "@/components/counterparts/bind-client";
import { FamilyTree } from "@/components/counterparts/family-tree";
import type { ListedCounterpart } from "@/lib/client/counterparts";

type Props = {
  id: string;
  counterpart: ListedCounterpart;
  accountId: string;
  candidates: ListedCounterpart[];
  canEdit: boolean;
  onClose: () => void;
};

export function ManagePanel({ id, counterpart, accountId, candidates, canEdit, onClose }: Props) {
  const close = (button: HTMLElement) => {
    // The opener sits in the row above this panel's row.
    const opener = button
      .closest("tr")
      ?.previousElementSibling?.querySelector<HTMLButtonElement>("button[aria-expanded]");
    onClose();
    opener?.focus();
  };
  return (
    <section
      id={id}
      aria-label={`Family and client of ${counterpart.displayName}`}
      className="rounded-lg bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Family</h3>
          <FamilyTree
            counterpartId={counterpart.id}
            accountId={accountId}
            currency={counterpart.currency}
            candidates={candidates}
            canEdit={canEdit}
          />
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Client</h3>
          <BindClient counterpartId={counterpart.id} entity={counterpart.entity} canEdit={canEdit} />
        </div>
      </div>
      <div className="mt-3 text-right">
        <Button size="sm" variant="ghost" onClick={(e) => close(e.currentTarget)}>
          Close<span className="sr-only"> family and client of {counterpart.displayName}</span>
        </Button>
      </div>
    </section>
  );
}
