"use client";
// Country and bank choice: a country select, a search box, and the banks as a radio list.
// `BankChoice` is the view; `BankPicker` feeds it from the signed-in API (the Connect page), and
// the hosted picker (components/accounttracking/hosted-bank-picker.tsx) from its own page.
import { useEffect, useMemo, useState } from "react";
import { SkeletonRows } from "@/components/ui/card";
import { FormError, SearchField, SelectField } from "@/components/ui/field";
import { cx } from "@/components/ui/cx";
import { useBanks, useCountries, type Bank, type Country } from "@/lib/client/accounttracking";
import { errorMessage } from "@/lib/client/errors";

/** The choice's own props pass through; the picker loads the countries and the chosen country's banks. */
type Props = Pick<ChoiceProps, "selected" | "onSelect" | "initialBankId"> & { initialCountry?: string | null };

/** A list being loaded: the fields of a query result the view reads. */
export type Loaded<T> = { data?: T; isPending: boolean; isError: boolean; error: unknown };

export function BankPicker({ initialCountry = null, ...choice }: Props) {
  const countries = useCountries();
  const [country, setCountry] = useState<string | null>(initialCountry);
  const chosenCountry = country ?? countries.data?.[0]?.countryCode ?? null;
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

export function BankChoice({ countries, banks, country, onCountry, selected, onSelect, initialBankId }: ChoiceProps) {
  const [search, setSearch] = useState("");
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (banks.data ?? []).filter(
      (b) => !needle || b.name.toLowerCase().includes(needle) || (b.bic ?? "").toLowerCase().includes(needle),
    );
  }, [banks.data, search]);

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
      ) : shown.length === 0 ? (
        <p className="rounded-md bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">
          No bank matches “{search}”. Try another name or country.
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">Bank</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {shown.map((bank) => {
              const active = selected?.bankId === bank.bankId;
              return (
                <li key={bank.bankId}>
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
                    <span
                      aria-hidden
                      className="flex h-9 w-9 items-center justify-center rounded-md bg-slate-800 text-xs font-semibold text-white"
                    >
                      {bank.name.slice(0, 2).toUpperCase()}
                    </span>
                    <span>
                      <span className="block text-sm font-medium text-slate-900">{bank.name}</span>
                      <span className="block text-xs text-slate-600">{bank.bic ?? bank.countryCode}</span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
    </div>
  );
}
