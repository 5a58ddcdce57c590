"use client";
// On a phone a counterpart table's rows stack and its column headers (the sort buttons) are hidden:
// the sort is chosen here instead, with a button that flips the order.
import { Button } from "@/components/ui/button";
import type { CounterpartSorting } from "@/components/counterparts/use-counterpart-sort";

type Props<S extends string> = {
  id: string;
  options: { value: S; label: string }[];
} & CounterpartSorting<S>;

export function PhoneSort<S extends string>({ id, options, sort, order, onSort }: Props<S>) {
  return (
    <div className="flex items-center gap-2 px-5 py-2 text-sm sm:hidden">
      <label htmlFor={id} className="text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        className="rounded-md border-slate-300 py-1 text-sm"
        value={sort}
        onChange={(e) => onSort(e.target.value as S)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Button size="sm" variant="ghost" onClick={() => onSort(sort)}>
        {order === "asc" ? "Ascending" : "Descending"}
        <span className="sr-only"> (change the order)</span>
      </Button>
    </div>
  );
}

/** A column header's sort button: the label and, on the sorted column, its direction. */
export function SortButton({
  label,
  active,
  order,
  onClick,
}: {
  label: string;
  active: boolean;
  order: "asc" | "desc";
  onClick: () => void;
}) {
  return (
    <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={onClick}>
      {label}
      <span aria-hidden="true">{active ? (order === "asc" ? "▲" : "▼") : ""}</span>
    </button>
  );
}
