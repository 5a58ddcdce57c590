"use client";
// The scope's counterparts as a table: sortable by activity, the last date or the name; money per
// currency, one line each, never added across currencies; how many accounts deal with each.
import { AppLink } from "@/components/ui/app-link";
import { plural } from "@/components/accounts/format";
import { stackLabels } from "@/components/ui/table";
import { ActivityCells } from "@/components/counterparts/counterparts-table";
import { PhoneSort, SortButton } from "@/components/counterparts/phone-sort";
import type { CounterpartSorting } from "@/components/counterparts/use-counterpart-sort";
import type { ScopeCounterpart, ScopeCounterpartSort } from "@/lib/client/counterparts";

type Column = { key: string; label: string; numeric: boolean; sort?: ScopeCounterpartSort };
const COLUMNS: Column[] = [
  { key: "name", label: "Counterpart", numeric: false, sort: "name" },
  { key: "count", label: "Transactions", numeric: true, sort: "count" },
  { key: "in", label: "Money in", numeric: true },
  { key: "out", label: "Money out", numeric: true },
  { key: "last", label: "Last", numeric: false, sort: "lastDate" },
];
const SORTABLE = COLUMNS.filter((c) => c.sort);
const CELL = "px-3 py-3 text-slate-700";

type Props = {
  rows: ScopeCounterpart[];
  accountId: string;
} & CounterpartSorting<ScopeCounterpartSort>;

export function ScopeCounterpartsTable({ rows, accountId, sort, order, onSort }: Props) {
  const detailQuery = accountId ? `?account=${accountId}` : "";
  return (
    <div className="relative overflow-x-auto">
      <PhoneSort
        id="scope-counterpart-sort"
        options={SORTABLE.map((c) => ({ value: c.sort!, label: c.label }))}
        sort={sort}
        order={order}
        onSort={onSort}
      />
      <table
        className="ll-stack w-full divide-y divide-slate-200 text-sm"
        style={stackLabels(COLUMNS.map((c) => c.label))}
      >
        <caption className="sr-only">Counterparts of this workspace with totals per currency</caption>
        <thead className="bg-slate-50">
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={c.sort && sort === c.sort ? (order === "asc" ? "ascending" : "descending") : undefined}
                className={`px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600 first:pl-5 ${c.numeric ? "text-right" : "text-left"}`}
              >
                {c.sort ? (
                  <SortButton label={c.label} active={sort === c.sort} order={order} onClick={() => onSort(c.sort!)} />
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r) => (
            <tr key={r.id} data-testid="scope-counterpart-row" data-name={r.displayName}>
              <td className={`${CELL} min-w-48 pl-5`}>
                <AppLink
                  className="font-medium text-indigo-700 hover:underline"
                  href={`/counterparts/${r.id}${detailQuery}`}
                >
                  {r.displayName}
                </AppLink>
                <div className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600">
                  {r.alias && <span>at the bank: {r.name}</span>}
                  <span>{plural(r.accountCount, "account")}</span>
                  {r.consolidatedCount > 0 && <span>{r.consolidatedCount} consolidated</span>}
                </div>
              </td>
              <ActivityCells row={r} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
