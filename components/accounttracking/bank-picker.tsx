"use client";
// Country and bank choice: a country select (the browser's country first), a search box, and the
// banks as one radio list: this scope's recently used banks and the popular ones on top, then the
// rest A to Z; searching shows the matches alone. `BankChoice` is the view; `BankPicker` feeds it
// from the signed-in API (the Connect page), and the hosted picker
// (components/accounttracking/hosted-bank-picker.tsx) from its own page.
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import { SkeletonRows } from "@/components/ui/card";
import { FormError, SearchField, SelectField } from "@/components/ui/field";
import { cx } from "@/components/ui/cx";
import { BankLogo } from "@/components/accounttracking/bank-logo";
import { localeCountry } from "@/components/accounttracking/locale-country";
import { useBanks, useCountries, type Bank, type Country } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

/** The choice's own props pass through; the picker loads the countries and the chosen country's banks. */
type Props = Pick<ChoiceProps, "selected" | "onSelect" | "initialBankId"> & { initialCountry?: string | null };

/** A list being loaded: the fields of a query result the view reads. */
export type Loaded<T> = { data?: T; isPending: boolean; isError: boolean; error: unknown };

const RECENT_SHOWN = 3;
const noSubscription = () => () => {};

/** The browser's languages, most preferred first (none while rendering on the server). */
function useLanguages(): string[] {
  const joined = useSyncExternalStore(
    noSubscription,
    () => (navigator.languages?.length ? navigator.languages : [navigator.language]).join(","),
    () => "",
  );
  return joined ? joined.split(",") : [];
}

export function BankPicker({ initialCountry = null, ...choice }: Props) {
  const countries = useCountries();
  const languages = useLanguages();
  const [country, setCountry] = useState<string | null>(initialCountry);
  const offered = (countries.data ?? []).map((c) => c.countryCode);
  const chosenCountry = country ?? localeCountry(languages, offered) ?? offered[0] ?? null;
  const banks = useBanks(chosenCountry);
  return <BankChoice {...choice} countries={countries} banks={banks} country={chosenCountry} onCountry={setCountry} />;
}

type ChoiceProps = {
  countries: Loaded<Country[]>;
  banks: Loaded<Bank[]>;
  country: string | null;
  onCountry: (countryCode: string) => void;
  selected: Bank | null;
  onSelect: (bank: Bank) => void;
  initialBankId?: string | null;
};

type Group = { title: string | null; banks: Bank[] };

/** Recent (this scope's, newest first), then popular, then the rest; each bank once. */
function grouped(banks: Bank[]): Group[] {
  const recent = banks
    .filter((b) => b.lastUsedAt)
    .sort((a, b) => (b.lastUsedAt ?? "").localeCompare(a.lastUsedAt ?? ""))
    .slice(0, RECENT_SHOWN);
  const popular = banks.filter((b) => b.popular && !recent.includes(b));
  const rest = banks.filter((b) => !recent.includes(b) && !popular.includes(b));
  if (recent.length === 0 && popular.length === 0) return [{ title: null, banks: rest }];
  return [
    { title: "Recently used", banks: recent },
    { title: "Popular", banks: popular },
    { title: "All banks", banks: rest },
  ].filter((g) => g.banks.length > 0);
}

function BankOption({ bank, active, onSelect }: { bank: Bank; active: boolean; onSelect: (bank: Bank) => void }) {
  return (
    <li>
      <label
        className={cx(
          "flex cursor-pointer items-center gap-3 rounded-lg px-4 py-3 ring-1 ring-inset transition-colors",
          active ? "bg-indigo-50 ring-indigo-500" : "bg-white ring-slate-200 hover:bg-slate-50",
        )}
      >
        <input
          type="radio"
          name="bank"
          className="accent-indigo-600"
          checked={active}
          onChange={() => onSelect(bank)}
        />
        <BankLogo bank={bank} />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-900">{bank.name}</span>
          <span className="block text-xs text-slate-600">{bank.bic ?? bank.countryCode}</span>
        </span>
      </label>
    </li>
  );
}

export function BankChoice({ countries, banks, country, onCountry, selected, onSelect, initialBankId }: ChoiceProps) {
  const [search, setSearch] = useState("");
  const needle = search.trim().toLowerCase();
  const groups = useMemo(() => {
    const all = banks.data ?? [];
    if (!needle) return grouped(all);
    const matches = all.filter(
      (b) => b.name.toLowerCase().includes(needle) || (b.bic ?? "").toLowerCase().includes(needle),
    );
    return matches.length ? [{ title: null, banks: matches }] : [];
  }, [banks.data, needle]);

  // "Try again" comes back with the bank it tried: choose it again so one press continues.
  const preselect = initialBankId ? banks.data?.find((b) => b.bankId === initialBankId) : undefined;
  useEffect(() => {
    if (preselect && !selected) onSelect(preselect);
  }, [preselect, selected, onSelect]);

  if (countries.isError) return <FormError message={errorMessage(countries.error)} />;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Country"
          value={country ?? ""}
          onChange={(e) => onCountry(e.target.value)}
          options={(countries.data ?? []).map((c) => ({
            value: c.countryCode,
            label: `${c.name} (${c.bankCount} banks)`,
          }))}
          disabled={countries.isPending}
        />
        <SearchField label="Search banks" placeholder="Name or BIC" value={search} onSearch={setSearch} />
      </div>
      {banks.isPending ? (
        <SkeletonRows rows={3} label="Loading banks" />
      ) : banks.isError ? (
        <FormError message={errorMessage(banks.error)} />
      ) : groups.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          No bank matches “{search}”. Try another name or country.
        </p>
      ) : (
        <fieldset className="space-y-4">
          <legend className="sr-only">Bank</legend>
          {groups.map((group) => (
            <div key={group.title ?? "all"} data-testid="bank-group" data-title={group.title ?? ""}>
              {group.title && (
                <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-600">{group.title}</h3>
              )}
              <ul className="grid gap-2 sm:grid-cols-2">
                {group.banks.map((bank) => (
                  <BankOption
                    key={bank.bankId}
                    bank={bank}
                    active={selected?.bankId === bank.bankId}
                    onSelect={onSelect}
                  />
                ))}
              </ul>
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
