"use client";
// The account's counterparts: sortable columns, a checkbox per row for consolidation, inline alias
// edit, and a "Family & client" button that opens that panel in a row right under the counterpart
// (a disclosure, so the table keeps its full width and the name stays next to its panel).
// Money is shown per currency, one line each, never added across currencies; counts and the last
// date are not money and span all of them.
import { AppLink } from "@/components/ui/app-link";
import { Fragment } from "react";
import { formatMoney } from "@/components/accounts/format";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/components/ui/format";
import { stackLabels } from "@/components/ui/table";
import { AliasEditor } from "@/components/counterparts/alias-editor";
import { ManagePanel } from "@/components/counterparts/manage-panel";
import { PhoneSort, SortButton } from "@/components/counterparts/phone-sort";
import type { CounterpartSorting } from "@/components/counterparts/use-counterpart-sort";
import type { CounterpartSort, CurrencyTotals, ListedCounterpart } from "@/lib/client/counterparts";

const COLUMNS: { key: CounterpartSort; label: string; numeric: boolean }[] = [
  { key: "name", label: "Counterpart", numeric: false },
  { key: "count", label: "Transactions", numeric: true },
  { key: "sumIn", label: "Money in", numeric: true },
  { key: "sumOut", label: "Money out", numeric: true },
  { key: "lastDate", label: "Last", numeric: false },
];
const CELL = "px-3 py-3 text-slate-700";

type WithTotals = { totalsByCurrency: CurrencyTotals[] };

/** One line per currency (a single line, as before, when all is in one). */
export function PerCurrency({ row, field }: { row: WithTotals; field: "sumIn" | "sumOut" }) {
  return (
    <span data-testid={field === "sumOut" ? "sum-out" : undefined}>
      {row.totalsByCurrency.map((t) => (
        <span key={t.currency} className="block">
          {formatMoney(t[field], t.currency)}
        </span>
      ))}
    </span>
  );
}

/** A counterpart's activity as four cells: transactions, money in, money out (per currency), last date. */
export function ActivityCells({ row }: { row: WithTotals }) {
  return (
    <>
      <td className={`${CELL} text-right tabular-nums`}>{row.totalsByCurrency.reduce((n, t) => n + t.count, 0)}</td>
      <td className={`${CELL} whitespace-nowrap text-right tabular-nums text-emerald-700`}>
        <PerCurrency row={row} field="sumIn" />
      </td>
      <td className={`${CELL} whitespace-nowrap text-right tabular-nums text-rose-700`}>
        <PerCurrency row={row} field="sumOut" />
      </td>
      <td className={`${CELL} whitespace-nowrap`}>{formatDate(lastDateOf(row))}</td>
    </>
  );
}

export function lastDateOf(row: WithTotals): string | null {
  return (
    row.totalsByCurrency
      .map((t) => t.lastDate)
      .filter((d) => d !== null)
      .sort()
      .at(-1) ?? null
  );
}

type Props = {
  rows: ListedCounterpart[];
  accountId: string;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  managing: string | null;
  onManage: (id: string) => void;
  canEdit: boolean;
} & CounterpartSorting<CounterpartSort>;

export function CounterpartsTable({
  rows,
  accountId,
  sort,
  order,
  onSort,
  selected,
  onToggle,
  managing,
  onManage,
  canEdit,
}: Props) {
  return (
    <div className="relative overflow-x-auto">
      <PhoneSort
        id="counterpart-sort"
        options={COLUMNS.map((c) => ({ value: c.key, label: c.label }))}
        sort={sort}
        order={order}
        onSort={onSort}
      />
      <table
        className="ll-stack w-full divide-y divide-slate-200 text-sm"
        style={stackLabels(["", ...COLUMNS.map((c) => c.label), ""])}
      >
        <caption className="sr-only">Counterparts of this account with totals</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="w-8 py-2.5 pl-5 pr-1">
              <span className="sr-only">Select</span>
            </th>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                aria-sort={sort === c.key ? (order === "asc" ? "ascending" : "descending") : undefined}
                className={`px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-600 ${c.numeric ? "text-right" : "text-left"}`}
              >
                <SortButton label={c.label} active={sort === c.key} order={order} onClick={() => onSort(c.key)} />
              </th>
            ))}
            <th scope="col" className="py-2.5 pl-3 pr-5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((r) => {
            const open = managing === r.id;
            const panelId = `manage-${r.id}`;
            return (
              <Fragment key={r.id}>
                <tr
                  data-testid="counterpart-row"
                  data-name={r.displayName}
                  className={selected.has(r.id) || open ? "bg-indigo-50/60" : undefined}
                >
                  <td className="py-3 pl-5 pr-1">
                    {canEdit && (
                      <input
                        type="checkbox"
                        aria-label={`Select ${r.displayName}`}
                        checked={selected.has(r.id)}
                        onChange={() => onToggle(r.id)}
                      />
                    )}
                  </td>
                  <td className={`${CELL} min-w-48`}>
                    <AliasEditor
                      id={r.id}
                      name={r.name}
                      alias={r.alias}
                      accountCount={r.accountCount}
                      canEdit={canEdit}
                    />
                    <div className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-slate-600">
                      <AppLink
                        className="text-indigo-700 hover:underline"
                        href={`/counterparts/${r.id}?account=${accountId}`}
                      >
                        Details<span className="sr-only"> of {r.displayName}</span>
                      </AppLink>
                      {r.consolidatedCount > 0 && <span>{r.consolidatedCount} consolidated</span>}
                      {r.parentId && <span>in a family</span>}
                      {r.entity && <span>bound to {r.entity.entityType}</span>}
                    </div>
                  </td>
                  <ActivityCells row={r} />
                  <td className="whitespace-nowrap py-3 pl-3 pr-5 text-right">
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open}
                      aria-controls={open ? panelId : undefined}
                      onClick={() => onManage(r.id)}
                    >
                      Family & client<span className="sr-only"> of {r.displayName}</span>
                    </Button>
                  </td>
                </tr>
                {open && (
                  <tr className="bg-indigo-50/30">
                    <td colSpan={COLUMNS.length + 2} className="px-5 pb-4 pt-1">
                      <ManagePanel
                        id={panelId}
                        counterpart={r}
                        accountId={accountId}
                        candidates={rows}
                        canEdit={canEdit}
                        onClose={() => onManage(r.id)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
