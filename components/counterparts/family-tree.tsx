"use client";
// A family as a tree: each node with its own totals and the totals rolled up over its descendants;
// a person can unlink a child, or add one of the account's counterparts as a child.
import { Fragment, useRef, useState } from "react";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { formatMoney } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { SkeletonRows } from "@/components/ui/card";
import { FormError, NamedOptions, SearchField } from "@/components/ui/field";
import {
  useCounterpartChange,
  useFamily,
  type CurrencyTotals,
  type FamilyNode,
  type ListedCounterpart,
} from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";

function Node({
  node,
  currency,
  canEdit,
  depth,
}: {
  node: FamilyNode;
  currency: string;
  canEdit: boolean;
  depth: number;
}) {
  const unlink = useCounterpartChange((api, id: string) => api.unlinkParent(id));
  // The tree is read for one account: in its currency, and a line for each other currency its
  // rows are in (a bank can send some in another); sums are never mixed.
  const inCurrency = (list: CurrencyTotals[], code: string) =>
    list.find((t) => t.currency === code) ?? { count: 0, sumIn: "0", sumOut: "0" };
  const others = node.rolledUpByCurrency.map((t) => t.currency).filter((code) => code !== currency);
  return (
    <li className="py-1" data-testid="family-node" data-name={node.displayName}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium text-slate-900">{node.displayName}</span>
        {[currency, ...others].map((code) => {
          const own = inCurrency(node.totalsByCurrency, code);
          const rolledUp = inCurrency(node.rolledUpByCurrency, code);
          return (
            <Fragment key={code}>
              <span className="text-slate-500">
                own {own.count} · out {formatMoney(own.sumOut, code)}
              </span>
              <span className="text-slate-700" data-testid="rolled-up">
                total {rolledUp.count} · out{" "}
                <span data-testid="rolled-up-out">{formatMoney(rolledUp.sumOut, code)}</span> · in{" "}
                {formatMoney(rolledUp.sumIn, code)}
              </span>
            </Fragment>
          );
        })}
        {canEdit && depth > 0 && (
          <Button size="sm" variant="ghost" pending={unlink.isPending} onClick={() => unlink.mutate(node.id)}>
            Unlink<span className="sr-only"> {node.displayName}</span>
          </Button>
        )}
      </div>
      {node.children.length > 0 && (
        <ul className="ml-5 border-l border-slate-200 pl-3">
          {node.children.map((child) => (
            <Node key={child.id} node={child} currency={currency} canEdit={canEdit} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Every counterpart in the tree, so the child picker does not offer one already in it. */
function idsIn(node: FamilyNode): string[] {
  return [node.id, ...node.children.flatMap(idsIn)];
}

export function FamilyTree(props: {
  counterpartId: string;
  accountId: string;
  currency: string;
  candidates: ListedCounterpart[];
  canEdit: boolean;
}) {
  const family = useFamily(props.counterpartId, props.accountId);
  const [childId, setChildId] = useState("");
  // The picker can hold every counterpart of the account (40 and more): typing narrows it.
  const [find, setFind] = useState("");
  const link = useCounterpartChange((api, input: { child: string; parent: string }) =>
    api.setParent(input.child, input.parent),
  );
  // After Add child the picker is reset (its button disabled): focus goes to what was added.
  const [added, setAdded] = useState<{ id: number; text: string } | null>(null);
  const addedRef = useRef<HTMLParagraphElement>(null);
  useFocusOn(addedRef, added?.id);
  if (family.isPending) return <SkeletonRows rows={2} label="Loading family" />;
  if (family.isError) return <FormError message={errorMessage(family.error)} />;
  const inTree = new Set(idsIn(family.data));
  const others = props.candidates.filter((c) => !inTree.has(c.id));
  const words = find.trim().toLowerCase();
  const offered = words
    ? others.filter((c) => c.id === childId || c.displayName.toLowerCase().includes(words))
    : others;
  return (
    <div className="space-y-3">
      {added && (
        <p
          ref={addedRef}
          tabIndex={-1}
          role="status"
          className="text-sm text-emerald-800 focus:outline-2 focus:outline-indigo-600"
        >
          {added.text}
        </p>
      )}
      <ul aria-label="Family tree">
        <Node node={family.data} currency={props.currency} canEdit={props.canEdit} depth={0} />
      </ul>
      {props.canEdit && (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!childId) return;
            const name = others.find((c) => c.id === childId)?.displayName ?? "The counterpart";
            link.mutate(
              { child: childId, parent: props.counterpartId },
              { onSuccess: () => setAdded({ id: Date.now(), text: `${name} added to the family.` }) },
            );
            setChildId("");
          }}
        >
          <SearchField
            label="Find a counterpart"
            className="w-56"
            placeholder="Part of its name"
            value={find}
            onSearch={setFind}
            aria-describedby={`${props.counterpartId}-offered`}
          />
          <label className="text-sm text-slate-700">
            <span className="mb-1 block font-medium">Child counterpart</span>
            <select
              className="rounded-md px-2 py-1.5 text-sm ring-1 ring-slate-300"
              value={childId}
              onChange={(e) => setChildId(e.target.value)}
            >
              <option value="">{offered.length ? "Choose…" : "None matches"}</option>
              <NamedOptions items={offered} />
            </select>
          </label>
          <span id={`${props.counterpartId}-offered`} role="status" className="pb-2 text-xs text-slate-600">
            {words ? `${offered.length} of ${others.length} match` : ""}
          </span>
          <Button size="sm" type="submit" disabled={!childId} pending={link.isPending}>
            Add child
          </Button>
        </form>
      )}
      <FormError message={link.isError ? errorMessage(link.error) : null} />
    </div>
  );
}
