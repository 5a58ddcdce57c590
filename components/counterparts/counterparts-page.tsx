"use client";
// An account's counterparts: search, sort, consolidate (with undo), rename, families and client
// binding. Totals come from the API as decimal strings; nothing is summed here.
import { AppLink } from "@/components/ui/app-link";
import { useRef, useState } from "react";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { FormError, NamedOptions } from "@/components/ui/field";
import { useDebounced } from "@/components/ui/use-debounced";
import { CounterpartsTable } from "@/components/counterparts/counterparts-table";
import { PagedCounterparts } from "@/components/counterparts/paged-counterparts";
import { useCounterpartSort } from "@/components/counterparts/use-counterpart-sort";
import {
  useCounterpartChange,
  useCounterparts,
  type Consolidation,
  type CounterpartSort,
} from "@/lib/client/counterparts";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";
import { itemsOf } from "@/lib/client/domain-hooks";

export function CounterpartsPage({ accountId }: { accountId: string }) {
  const { scope } = useCurrentScope();
  const canEdit = scope?.role === "admin" || scope?.role === "member";
  const [q, setQ] = useState("");
  const search = useDebounced(q, 250);
  const sorting = useCounterpartSort<CounterpartSort>("sumOut");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [targetId, setTargetId] = useState("");
  const [managing, setManaging] = useState<string | null>(null);
  const [undoable, setUndoable] = useState<Consolidation | null>(null);
  // What the last consolidate or undo did, said where focus goes after it (the rows it acted on are gone).
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  useFocusOn(noticeRef, notice?.id);
  const list = useCounterparts(accountId, { q: search, sort: sorting.sort, order: sorting.order });
  const rows = itemsOf(list.data);
  const consolidate = useCounterpartChange((api, input: { targetId: string; memberIds: string[] }) =>
    api.consolidate(input.targetId, input.memberIds),
  );
  const undo = useCounterpartChange((api, id: string) => api.undoConsolidation(id));

  // A message about the last consolidate or undo is gone once the person does something else; an
  // offer to undo stays until it is used or replaced.
  const moveOn = () => {
    if (!undoable) setNotice(null);
  };
  const toggle = (id: string) => {
    moveOn();
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const chosen = rows.filter((r) => selected.has(r.id));
  // "Keep as" starts on a name the person gave (an alias), not on whichever bank name comes first.
  const target = chosen.find((r) => r.id === targetId) ?? chosen.find((r) => r.alias !== null) ?? chosen[0];
  const runConsolidate = () => {
    if (!target) return;
    consolidate.mutate(
      { targetId: target.id, memberIds: chosen.filter((r) => r.id !== target.id).map((r) => r.id) },
      {
        onSuccess: (record) => {
          setUndoable(record);
          setSelected(new Set());
          setTargetId("");
          setNotice({ id: Date.now(), text: `Consolidated ${record.memberIds.length + 1} counterparts into one.` });
        },
      },
    );
  };

  return (
    <div>
      <PageHeader
        title="Counterparts"
        description="Who this account pays and who pays it, grouped by IBAN, creditor id, mandate and name. Rename, consolidate, group into families or bind to a client."
        action={
          <AppLink className="text-sm text-indigo-700 hover:underline" href={`/accounts/${accountId}`}>
            Back to the account
          </AppLink>
        }
      />
      {notice && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="mb-4 flex items-center justify-between rounded-md bg-indigo-50 px-4 py-2 text-sm text-indigo-900 ring-1 ring-indigo-200 focus:outline-2 focus:outline-indigo-600"
        >
          <span>{notice.text}</span>
          {undoable && (
            <Button
              size="sm"
              variant="secondary"
              pending={undo.isPending}
              onClick={() =>
                undo.mutate(undoable.id, {
                  onSuccess: () => {
                    setNotice({
                      id: Date.now(),
                      text: `Undone: the ${undoable.memberIds.length + 1} counterparts are separate again.`,
                    });
                    setUndoable(null);
                  },
                })
              }
            >
              Undo
            </Button>
          )}
        </div>
      )}
      {/* One full-width card: the family and client panel opens under its row (not in a side column),
          so every column fits at 1280 px and the names stay in view. */}
      <Card>
        <CardHeader
          title="Counterparts"
          action={
            <input
              type="search"
              aria-label="Search counterparts"
              placeholder="Search names and aliases"
              className="w-60 rounded-md px-3 py-1.5 text-sm ring-1 ring-slate-300"
              value={q}
              onChange={(e) => {
                moveOn();
                setQ(e.target.value);
              }}
            />
          }
        />
        {chosen.length >= 2 && (
          <div className="flex flex-wrap items-center gap-2 border-b border-slate-100 bg-slate-50 px-5 py-2 text-sm">
            <label className="flex items-center gap-2">
              Keep as
              <select
                className="rounded-md px-2 py-1 ring-1 ring-slate-300"
                value={target?.id ?? ""}
                onChange={(e) => setTargetId(e.target.value)}
              >
                <NamedOptions items={chosen} />
              </select>
            </label>
            <Button size="sm" pending={consolidate.isPending} onClick={runConsolidate}>
              Consolidate {chosen.length}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
          </div>
        )}
        <FormError
          message={
            consolidate.isError ? errorMessage(consolidate.error) : undo.isError ? errorMessage(undo.error) : null
          }
        />
        <PagedCounterparts list={list} search={search} syncs="the account">
          {(items) => (
            <CounterpartsTable
              rows={items}
              accountId={accountId}
              {...sorting}
              selected={selected}
              onToggle={toggle}
              managing={managing}
              onManage={(id) => setManaging(managing === id ? null : id)}
              canEdit={canEdit}
            />
          )}
        </PagedCounterparts>
      </Card>
    </div>
  );
}
