"use client";
// The filter bar: dates (with presets: this month, last month, year to date, the last 90 days),
// status, direction, category, free text and amount size, and on the all-accounts list the account. Text fields
// are typed into local state and reach the URL after a short pause (one request per pause in typing,
// not per key); the search's text is told at once (`onTyping`), so the list can narrow what it has
// loaded and say it is searching before the server answers. On a phone only the search shows; the
// other filters open under a "Filters" button that counts the ones set.
import { useEffect, useEffectEvent, useId, useState, type ReactNode } from "react";
import { ActionStatus, outcome, type ActionOutcome } from "@/components/ui/action-status";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/cx";
import { SelectField, TextField } from "@/components/ui/field";
import { useDebounced } from "@/components/ui/use-debounced";
import { CategoryFilter } from "@/components/categories/category-filter";
import { localToday, presetRange, PRESETS } from "@/components/accounts/date-presets";
import type { FilterUpdate } from "@/components/accounts/use-url-filter";
import type { TransactionFilter } from "@/lib/client/transactions";

const STATUSES = [
  { value: "", label: "Booked and pending" },
  { value: "booked", label: "Booked" },
  { value: "pending", label: "Pending" },
] as const;
const DIRECTIONS = [
  { value: "", label: "In and out" },
  { value: "in", label: "Money in" },
  { value: "out", label: "Money out" },
] as const;

/** How long typing pauses before the text fields reach the URL (and the server is asked). */
const TYPING_PAUSE_MS = 150;

/** The filters behind the phone's "Filters" button (every one but the search). */
const BEHIND_BUTTON = [
  "accountId",
  "minAmount",
  "maxAmount",
  "direction",
  "status",
  "category",
  "fromDate",
  "toDate",
] as const;

type Texts = { q: string; minAmount: string; maxAmount: string };
const textsOf = (f: TransactionFilter): Texts => ({
  q: f.q ?? "",
  minAmount: f.minAmount ?? "",
  maxAmount: f.maxAmount ?? "",
});

export function TransactionFilters({
  filter,
  onChange,
  accounts,
  onTyping,
  clearedAt = 0,
}: {
  filter: TransactionFilter;
  /** Bumped when the list's own "Clear filters" (in its empty state) cleared them: said here too. */
  clearedAt?: number;
  onChange: (next: FilterUpdate) => void;
  /** Every change of the search field, before it reaches the URL. */
  onTyping?: (q: string) => void;
  /** On the all-accounts list: the accounts to narrow to. */
  accounts?: { id: string; name: string }[];
}) {
  const [texts, setTexts] = useState<Texts>(() => textsOf(filter));
  const debounced = useDebounced(texts, TYPING_PAUSE_MS);
  const backwards = Boolean(filter.fromDate && filter.toDate && filter.fromDate > filter.toDate);
  const active = Object.values(filter).some(Boolean);
  // "Clear filters" goes away with the filters it cleared: focus goes to the line that says so.
  const [cleared, setCleared] = useState<ActionOutcome | null>(null);
  const [seenClearedAt, setSeenClearedAt] = useState(clearedAt);
  if (seenClearedAt !== clearedAt) {
    setSeenClearedAt(clearedAt);
    setCleared(outcome("Filters cleared: every transaction is shown."));
  }
  // Said until a filter is set again (not while the URL catches up with the clearing itself).
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (active) setCleared(null);
  }
  const clear = () => {
    onChange({});
    setCleared(outcome("Filters cleared: every transaction is shown."));
  };
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const set = BEHIND_BUTTON.filter((key) => filter[key]).length;
  // Closed on a phone: hidden. From `sm` up always shown (the first panel's controls join the search's row).
  const panel = (layout: string, wide: string) => cx(open ? layout : "hidden", wide);

  // The URL is the truth: a reload, a shared link or "Clear filters" resets the text fields.
  // (Adjusted while rendering, as React advises for state that follows a prop, not in an effect.)
  // Our own settled edit coming back through the URL resets nothing: the person may have typed on
  // during the pause, and those keystrokes would be lost ("no such" read back as "no s").
  const urlTexts = JSON.stringify(textsOf(filter));
  const [seenUrlTexts, setSeenUrlTexts] = useState(urlTexts);
  if (seenUrlTexts !== urlTexts) {
    setSeenUrlTexts(urlTexts);
    if (urlTexts !== JSON.stringify(debounced)) setTexts(JSON.parse(urlTexts) as Texts);
  }
  // Only a settled edit of the text fields writes the URL, read against the URL of that moment.
  const writeUrl = useEffectEvent((settled: Texts) => {
    if (JSON.stringify(settled) === urlTexts) return;
    onChange((f) => ({
      ...f,
      q: settled.q || undefined,
      minAmount: settled.minAmount || undefined,
      maxAmount: settled.maxAmount || undefined,
    }));
  });
  useEffect(() => writeUrl(debounced), [debounced]);

  const text = (key: keyof Texts) => ({
    value: texts[key],
    onChange: (e: { target: { value: string } }) => {
      setTexts({ ...texts, [key]: e.target.value });
      if (key === "q") onTyping?.(e.target.value);
    },
  });
  // Dates and selects write the URL at once; an empty value (a select's first option) clears the filter.
  const instant = <K extends "fromDate" | "toDate" | "direction" | "status" | "accountId" | "category">(key: K) => ({
    value: filter[key] ?? "",
    onChange: (e: { target: { value: string } }) =>
      onChange((f) => ({ ...f, [key]: (e.target.value || undefined) as TransactionFilter[K] })),
  });

  return (
    <div className="space-y-3 border-b border-slate-100 px-4 py-3 sm:px-5 sm:py-4">
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Search"
          type="search"
          className="min-w-0 flex-1 sm:w-64 sm:flex-none"
          placeholder="Name, IBAN, reference…"
          {...text("q")}
        />
        <Button
          variant="secondary"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={`${panelId}-a ${panelId}-b`}
          onClick={() => setOpen(!open)}
        >
          Filters
          {set > 0 && (
            <span className="rounded-full bg-indigo-600 px-1.5 text-xs text-white">
              {set}
              <span className="sr-only"> set</span>
            </span>
          )}
        </Button>
        <div id={`${panelId}-a`} className={panel("grid w-full grid-cols-2 gap-3", "sm:contents")}>
          {accounts && (
            <SelectField
              label="Account"
              className="col-span-2 sm:w-56"
              options={[{ value: "", label: "All accounts" }, ...accounts.map((a) => ({ value: a.id, label: a.name }))]}
              {...instant("accountId")}
            />
          )}
          <TextField
            label="Amount from"
            inputMode="decimal"
            className="sm:w-32"
            placeholder="0.00"
            {...text("minAmount")}
          />
          <TextField
            label="Amount to"
            inputMode="decimal"
            className="sm:w-32"
            placeholder="any"
            {...text("maxAmount")}
          />
          <SelectField label="Direction" className="sm:w-36" options={DIRECTIONS} {...instant("direction")} />
          <SelectField label="Status" className="sm:w-48" options={STATUSES} {...instant("status")} />
          <CategoryFilter className="col-span-2 sm:col-span-1 sm:w-52" {...instant("category")} />
        </div>
      </div>
      <div id={`${panelId}-b`} className={panel("block", "sm:block")}>
        <FilterRow>
          <TextField label="From" type="date" className="sm:w-40" {...instant("fromDate")} />
          <TextField
            label="To"
            type="date"
            className="sm:w-40"
            error={backwards ? "Must be on or after From" : undefined}
            {...instant("toDate")}
          />
          <div className="col-span-2 flex flex-wrap items-end gap-2" role="group" aria-label="Date presets">
            {PRESETS.map((p) => {
              const range = presetRange(p.key, localToday());
              const chosen = filter.fromDate === range.fromDate && filter.toDate === range.toDate;
              return (
                <Button
                  key={p.key}
                  size="sm"
                  variant={chosen ? "primary" : "secondary"}
                  aria-pressed={chosen}
                  onClick={() => onChange((f) => ({ ...f, ...range }))}
                >
                  {p.label}
                </Button>
              );
            })}
          </div>
          {active ? (
            <Button variant="ghost" className="sm:mb-0" onClick={clear}>
              Clear filters
            </Button>
          ) : (
            <ActionStatus outcome={cleared} className="col-span-2 self-center sm:pb-2" />
          )}
        </FilterRow>
      </div>
    </div>
  );
}

/** One row of filters: two columns on a phone, one wrapping line from `sm` up. */
function FilterRow({ children }: { children: ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">{children}</div>;
}
