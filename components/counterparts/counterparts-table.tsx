"use client";
// The account's counterparts: sortable columns, a checkbox per row for consolidation, inline alias
// edit, and a Manage button that opens the family and client panel.
import Link from "next/link";
import { formatMoney } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/components/ui/format";
import { Td } from "@/components/ui/table";
import { AliasEditor } from "@/components/counterparts/alias-editor";
import type { CounterpartSort, ListedCounterpart } from "@/lib/client/counterparts";

const COLUMNS: { key: CounterpartSort; label: string; numeric: boolean }[] = [
  { key: "name", label: "Counterpart", numeric: false },
  { key: "count", label: "Transactions", numeric: true },
  { key: "sumIn", label: "Money in", numeric: true },
  { key: "sumOut", label: "Money out", numeric: true },
  { key: "lastDate", label: "Last", numeric: false },
];

type Props = {
  rows: ListedCounterpart[];
  accountId: string;
  sort: CounterpartSort;
  order: "asc" | "desc";
  onSort: (sort: CounterpartSort) => void;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onManage: (id: string) => void;
  canEdit: boolean;
};

export function CounterpartsTable({ rows, accountId, sort, order, onSort, selected, onToggle, onManage, canEdit }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Counterparts of this account with totals</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="w-10 px-5 py-2.5"><span className="sr-only">Select</span></th>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort === c.key ? (order === "asc" ? "ascending" : "descending") : "none"}
                className={`px-5 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500 ${c.numeric ? "text-right" : "text-left"}`}
              >
                <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => onSort(c.key)}>
                  {c.label}
                  <span aria-hidden="true">{sort === c.key ? (order === "asc" ? "▲" : "▼") : ""}</span>
                </button>
              </th>
            ))}
            <th scope="col" className="px-5 py-2.5"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r) => (
            <tr key={r.id} data-testid="counterpart-row" data-name={r.displayName} className={selected.has(r.id) ? "bg-indigo-50/60" : undefined}>
              <Td>
                {canEdit && (
                  <input type="checkbox" aria-label={`Select ${r.displayName}`} checked={selected.has(r.id)} onChange={() => onToggle(r.id)} />
                )}
              </Td>
              <Td>
                <AliasEditor id={r.id} name={r.name} alias={r.alias} canEdit={canEdit} />
                <div className="mt-0.5 flex gap-2 text-xs text-slate-500">
                  <Link className="text-indigo-700 hover:underline" href={`/counterparts/${r.id}?account=${accountId}`}>Details</Link>
                  {r.consolidatedCount > 0 && <span>{r.consolidatedCount} consolidated</span>}
                  {r.parentId && <span>in a family</span>}
                  {r.entity && <span>bound to {r.entity.entityType}</span>}
                </div>
              </Td>
              <Td className="text-right tabular-nums" >{r.totals.count}</Td>
              <Td className="text-right tabular-nums text-emerald-700">{formatMoney(r.totals.sumIn, r.currency)}</Td>
              <Td className="text-right tabular-nums text-rose-700"><span data-testid="sum-out">{formatMoney(r.totals.sumOut, r.currency)}</span></Td>
              <Td>{formatDate(r.totals.lastDate)}</Td>
              <Td>
                <Button size="sm" variant="secondary" onClick={() => onManage(r.id)} aria-label={`Manage ${r.displayName}`}>
                  Family & client
                </Button>
              </Td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
