import type { Option } from "@/components/ui/field";
import { COUNTRY_CODES } from "@/lib/clients/countries";
import type { ClientType } from "@/lib/client/api-client";

export const CLIENT_TYPE_LABEL: Record<ClientType, string> = {
  company: "Company",
  sole_trader: "Sole trader",
  individual: "Individual",
  non_profit: "Non-profit",
  public_body: "Public body",
};

export const CLIENT_TYPE_OPTIONS: Option[] = Object.entries(CLIENT_TYPE_LABEL).map(([value, label]) => ({
  value,
  label,
}));

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export const COUNTRY_OPTIONS: Option[] = [
  { value: "", label: "Choose a country…" },
  ...[...COUNTRY_CODES]
    .map((code) => ({ value: code, label: `${countryName(code)} (${code})` }))
    .sort((a, b) => a.label.localeCompare(b.label, "en")),
];
