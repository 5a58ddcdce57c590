"use client";
// Rules on import: the scope's rules in the order they run (the first category wins), each turned on
// and off, moved up and down by keyboard (its Move buttons, or Alt+↑/↓ on the row) or by dragging,
// applied to existing transactions and deleted; a form for a new one with a live count; and the rules
// suggested from a person's corrections. Viewers read.
import { useState, type DragEvent, type KeyboardEvent } from "react";
import { ApplyRule } from "@/components/rules/apply-rule";
import { RuleForm } from "@/components/rules/rule-form";
import { SuggestionItem } from "@/components/rules/rule-suggestions";
import { actionsText, conditionText } from "@/components/rules/rule-words";
import { Button } from "@/components/ui/button";
import { Badge, Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/field";
import { QueryStates } from "@/components/ui/query-states";
import { useCategories } from "@/lib/client/categories";
import { formErrorMessage } from "@/lib/client/errors";
import {
  useDeleteRule,
  useReorderRules,
  useRules,
  useRuleSuggestions,
  useUpdateRule,
  type Rule,
} from "@/lib/client/rules";

export function RulesPage() {
  const rules = useRules();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Rules"
        description="Rules file new and changed transactions as each sync saves them, in this order: the first rule that sets a category wins. A category, note or tag a person chose is never overwritten."
      />
      <Suggestions />
      <Card>
        <CardHeader title="Rules, in order" />
        <QueryStates
          query={rules}
          loading="Loading rules"
          empty={<EmptyState title="No rules yet">Create one below, or accept a suggested one.</EmptyState>}
        >
          {(list) => <RuleList rules={list} />}
        </QueryStates>
      </Card>
      <RuleForm />
    </div>
  );
}

function Suggestions() {
  const suggestions = useRuleSuggestions();
  if (!suggestions.data?.length) return null;
  return (
    <Card>
      <CardHeader title="Suggested rules" description="Learned from the categories people chose." />
      <ul className="divide-y divide-slate-100">
        {suggestions.data.map((s) => (
          <li key={`${s.counterpartId}:${s.categoryId}`} className="px-5 py-3">
            <SuggestionItem suggestion={s} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function RuleList({ rules }: { rules: Rule[] }) {
  const reorder = useReorderRules();
  const [dragged, setDragged] = useState<string | null>(null);
  const move = (id: string, to: number) => {
    const ids = rules.map((r) => r.id).filter((x) => x !== id);
    if (to < 0 || to > ids.length) return;
    ids.splice(to, 0, id);
    reorder.mutate(ids);
  };
  return (
    <>
      <FormError message={reorder.error ? formErrorMessage(reorder.error) : null} />
      <ol className="divide-y divide-slate-100" aria-label="Rules">
        {rules.map((r, i) => (
          <RuleItem
            key={r.id}
            rule={r}
            index={i}
            last={i === rules.length - 1}
            move={(to) => move(r.id, to)}
            drag={{
              draggable: true,
              onDragStart: () => setDragged(r.id),
              onDragOver: (e: DragEvent) => e.preventDefault(),
              onDrop: () => {
                if (dragged && dragged !== r.id) move(dragged, i);
                setDragged(null);
              },
            }}
          />
        ))}
      </ol>
    </>
  );
}

type Drag = {
  draggable: boolean;
  onDragStart: () => void;
  onDragOver: (e: DragEvent) => void;
  onDrop: () => void;
};

function RuleItem({
  rule: r,
  index,
  last,
  move,
  drag,
}: {
  rule: Rule;
  index: number;
  last: boolean;
  move: (to: number) => void;
  drag: Drag;
}) {
  const categories = useCategories();
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const name = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? "a category";
  const keys = (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    move(e.key === "ArrowUp" ? index - 1 : index + 1);
  };
  const error = update.error ?? remove.error;
  return (
    <li
      {...drag}
      tabIndex={0}
      onKeyDown={keys}
      aria-label={`${index + 1}. ${r.name}`}
      className="space-y-2 px-5 py-4 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          <span className="mr-2 cursor-grab text-slate-400" aria-hidden="true">
            ⋮⋮
          </span>
          {index + 1}. {r.name}
        </p>
        <div className="flex items-center gap-2">
          {r.origin !== "person" && <Badge>{r.origin === "default" ? "Default" : "From a suggestion"}</Badge>}
          {r.failedAt && <Badge tone="red">Could not run</Badge>}
          {r.enabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
        </div>
      </div>
      <p className="text-slate-600">
        When {r.conditions.map(conditionText).join(" and ")}: {actionsText(r.actions, name)}.
      </p>
      {r.failure && <p className="text-red-700">{r.failure}</p>}
      <FormError message={error ? formErrorMessage(error) : null} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => move(index - 1)}>
          Move up
        </Button>
        <Button size="sm" variant="secondary" disabled={last} onClick={() => move(index + 1)}>
          Move down
        </Button>
        <Button
          size="sm"
          variant="secondary"
          pending={update.isPending}
          onClick={() => update.mutate({ id: r.id, enabled: !r.enabled })}
        >
          {r.enabled ? "Turn off" : "Turn on"}
        </Button>
        <ConfirmButton
          title={`Delete the rule “${r.name}”?`}
          body="What it already did stays; new transactions are no longer filed by it."
          confirmLabel="Delete rule"
          onConfirm={() => remove.mutateAsync(r.id)}
        >
          Delete
        </ConfirmButton>
      </div>
      <ApplyRule ruleId={r.id} ruleName={r.name} />
    </li>
  );
}
