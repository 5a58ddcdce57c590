"use client";
// The CSV column mapper: the file's first rows as a table, each column's role chosen in a select over
// it, and the file's conventions (date format, decimal and thousands separators, header row,
// currency) beside it. It starts from the layout the server saved for this header, else from the
// one it detected (a built-in bank's when it recognised one), and hands back a layout the server
// checks again (lib/statements/csv-layout.ts); what is plainly missing is said before anything is sent.
import { useId, useRef, useState, type FormEvent } from "react";
import {
  COLUMN_ROLES,
  layoutFromMapping,
  mappingFromLayout,
  mappingProblems,
  tableOf,
  type ColumnRole,
  type Mapping,
} from "@/components/accounts/csv-mapping";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/use-focus-on";
import { useCsvLayouts, type CsvPreview } from "@/lib/client/statements";
import { DATE_FORMATS, type CsvLayoutInput } from "@/lib/statements/csv-layout";

const DATE_OPTIONS = DATE_FORMATS.map((f) => ({ value: f, label: f }));
const DECIMAL_OPTIONS = [
  { value: ",", label: "Comma (1,50)" },
  { value: ".", label: "Point (1.50)" },
];
const THOUSANDS_OPTIONS = [
  { value: "", label: "None (1000)" },
  { value: ".", label: "Point (1.000)" },
  { value: ",", label: "Comma (1,000)" },
  { value: "'", label: "Apostrophe (1'000)" },
  { value: " ", label: "Space (1 000)" },
];
const TIMING_OPTIONS = [
  { value: "after", label: "After its row" },
  { value: "before", label: "Before its row" },
];
const ROLE_OPTIONS = COLUMN_ROLES.map((r) => ({ value: r.value, label: r.label }));
const DETECTED = "detected";

/** Where the mapping started, in words. */
function origin(csv: CsvPreview): string {
  if (csv.saved) return `Your saved layout “${csv.saved.name}” for files with this header is filled in.`;
  if (csv.builtIn) return `Recognised as ${csv.builtIn}: its layout is filled in.`;
  return "Ledgerlink guessed the layout below. Check each column before importing.";
}

export function CsvColumnMapper({
  csv,
  currency,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  csv: CsvPreview;
  /** The account's currency: the file's when the layout names none. */
  currency: string;
  pending: boolean;
  /** The server's refusal of the layout or of the file, as it gave it. */
  error: string | null;
  onSubmit: (layout: CsvLayoutInput, header: string[] | null) => void;
  onCancel: () => void;
}) {
  const saved = useCsvLayouts();
  const preview = { header: csv.header, rows: csv.rows };
  const start = csv.saved?.layout ?? csv.detected;
  const [mapping, setMapping] = useState<Mapping>(() => mappingFromLayout(start, preview, currency));
  const [startFrom, setStartFrom] = useState(csv.saved?.id ?? DETECTED);
  const [problems, setProblems] = useState<string[]>([]);
  const heading = useRef<HTMLHeadingElement>(null);
  const problemsRef = useRef<HTMLDivElement>(null);
  const [tries, setTries] = useState(0);
  useFocusOn(heading, "mapper");
  useFocusOn(problemsRef, problems.length ? tries : null);
  const ids = useId();
  const table = tableOf(preview, mapping.hasHeader);
  const set = (change: Partial<Mapping>) => setMapping((m) => ({ ...m, ...change }));
  const setRole = (at: number, role: ColumnRole) =>
    setMapping((m) => ({ ...m, roles: m.roles.map((r, i) => (i === at ? role : r)) }));
  const hasCurrencyColumn = mapping.roles.includes("currency");

  const choose = (id: string) => {
    setStartFrom(id);
    const layout = id === DETECTED ? csv.detected : saved.data?.find((l) => l.id === id)?.layout;
    if (layout) setMapping(mappingFromLayout(layout, preview, currency));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = mappingProblems(mapping);
    setProblems(found);
    setTries((t) => t + 1);
    if (found.length === 0) onSubmit(layoutFromMapping(mapping, table.header), table.header);
  };
  const startOptions = [
    { value: DETECTED, label: csv.builtIn ?? "The detected layout" },
    ...(saved.data ?? []).map((l) => ({ value: l.id, label: `Saved: ${l.name}` })),
  ];

  return (
    <form onSubmit={submit} aria-labelledby={`${ids}-title`} className="space-y-4" noValidate>
      <div>
        <h3
          id={`${ids}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-sm font-semibold text-slate-900 focus:outline-none"
        >
          Map the columns
        </h3>
        <p className="mt-1 text-sm text-slate-600">{origin(csv)}</p>
        {csv.notes.length > 0 && (
          <ul className="mt-1 list-disc pl-5 text-sm text-amber-800">
            {csv.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {startOptions.length > 1 && (
          <SelectField
            label="Start from"
            options={startOptions}
            value={startFrom}
            onChange={(e) => choose(e.target.value)}
          />
        )}
        <TextField
          label="Layout name"
          value={mapping.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
        />
        <SelectField
          label="Date format"
          options={DATE_OPTIONS}
          value={mapping.dateFormat}
          onChange={(e) => set({ dateFormat: e.target.value as Mapping["dateFormat"] })}
        />
        <SelectField
          label="Decimal separator"
          options={DECIMAL_OPTIONS}
          value={mapping.decimalSeparator}
          onChange={(e) => set({ decimalSeparator: e.target.value as Mapping["decimalSeparator"] })}
        />
        <SelectField
          label="Thousands separator"
          options={THOUSANDS_OPTIONS}
          value={mapping.thousandsSeparator ?? ""}
          onChange={(e) => set({ thousandsSeparator: (e.target.value || null) as Mapping["thousandsSeparator"] })}
        />
        {!hasCurrencyColumn && (
          <TextField
            label="Currency"
            hint="No column gives it"
            value={mapping.currency}
            maxLength={3}
            autoCapitalize="characters"
            onChange={(e) => set({ currency: e.target.value.toUpperCase() })}
          />
        )}
        {mapping.roles.includes("balance") && (
          <SelectField
            label="The balance column is the balance"
            options={TIMING_OPTIONS}
            value={mapping.balanceTiming}
            onChange={(e) => set({ balanceTiming: e.target.value as Mapping["balanceTiming"] })}
          />
        )}
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            checked={mapping.hasHeader}
            onChange={(e) => set({ hasHeader: e.target.checked })}
          />
          The first row is a header
        </label>
      </div>
      <ColumnsTable mapping={mapping} table={table} setRole={setRole} />
      {problems.length > 0 && (
        <div
          ref={problemsRef}
          tabIndex={-1}
          role="alert"
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
        >
          <p className="font-medium">Before importing:</p>
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <FormError message={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Choose another file
        </Button>
        <Button type="submit" pending={pending}>
          Save layout and import
        </Button>
      </div>
    </form>
  );
}

/** The first rows, a role select over each column; scrolls sideways in its own box on a phone. */
function ColumnsTable({
  mapping,
  table,
  setRole,
}: {
  mapping: Mapping;
  table: { header: string[] | null; rows: string[][] };
  setRole: (at: number, role: ColumnRole) => void;
}) {
  const name = (at: number) => table.header?.[at]?.trim() || null;
  return (
    <div
      className="relative overflow-x-auto rounded-md ring-1 ring-slate-200"
      role="region"
      aria-label="First rows of the file, scrollable"
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">The file&apos;s first rows, with the role of each column</caption>
        <thead className="bg-slate-50">
          <tr>
            {mapping.roles.map((role, at) => (
              <th key={at} scope="col" className="min-w-40 px-3 py-2 text-left align-bottom font-normal">
                <span className="mb-1 block truncate text-xs font-semibold text-slate-600">
                  {name(at) ?? `Column ${at + 1}`}
                </span>
                <select
                  aria-label={`Role of column ${at + 1}${name(at) ? ` (${name(at)})` : ""}`}
                  className="block w-full rounded-md border-0 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:outline-none focus:ring-2 focus:ring-indigo-600"
                  value={role}
                  onChange={(e) => setRole(at, e.target.value as ColumnRole)}
                >
                  {ROLE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {table.rows.map((row, r) => (
            <tr key={r}>
              {mapping.roles.map((role, at) => (
                <td
                  key={at}
                  className={
                    role === "ignore"
                      ? "max-w-60 truncate whitespace-nowrap px-3 py-1.5 text-slate-500"
                      : "max-w-60 truncate whitespace-nowrap px-3 py-1.5 text-slate-900"
                  }
                >
                  {row[at] ?? ""}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
