// Renders one subset's normalised data; unknown shapes fall back to their JSON.
import type { ReactNode } from "react";
import { formatDate } from "@/components/ui/format";

type Row = [string, ReactNode];
const str = (v: unknown): string => {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
};
/** A date-only value (YYYY-MM-DD) as the rest of the app says it, "28 Nov 2026"; anything else as it came. */
const day = (v: unknown): string => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? formatDate(v) : str(v));
const money = (amount: unknown, currency: unknown) => {
  const n = Number(amount);
  if (!Number.isFinite(n)) return str(amount);
  return new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: typeof currency === "string" ? currency : "EUR",
    maximumFractionDigits: 0,
  }).format(n);
};

function rowsFor(subset: string, d: Record<string, unknown>): Row[] | null {
  if (subset === "information") {
    const a = d.registeredAddress as
      { lines?: string[]; postalCode?: string | null; city?: string | null; country?: string } | null | undefined;
    const address = a
      ? [...(a.lines ?? []), [a.postalCode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ")
      : "—";
    return [
      ["Legal name", str(d.legalName)],
      ["Legal form", str(d.legalForm)],
      ["Status", str(d.status)],
      ["Registration number", str(d.registrationNumber)],
      ["Registration authority", str(d.registrationAuthority)],
      ["Registered address", address],
      ["Founded", day(d.foundedOn)],
      ["LEI", str(d.lei)],
    ];
  }
  if (subset === "financials") {
    return [
      ["Fiscal year end", day(d.fiscalYearEnd)],
      ["Revenue", money(d.revenue, d.currency)],
      ["Equity", money(d.equity, d.currency)],
      ["Total assets", money(d.totalAssets, d.currency)],
      ["Employees", str(d.employees)],
    ];
  }
  if (subset === "rating")
    return [
      ["Score", `${str(d.score)} / 100`],
      ["Band", str(d.band)],
      ["Assessed on", day(d.assessedOn)],
    ];
  return null;
}

type Holder = { name: string; kind: string; ownershipPercent: string | null; relationship: string; lei: string | null };

export function SubsetData({ subset, data }: { subset: string; data: Record<string, unknown> }) {
  if (subset === "shareholders" && Array.isArray(data.shareholders)) {
    return (
      <ul className="space-y-1 text-sm">
        {(data.shareholders as Holder[]).map((h, i) => (
          <li key={i} className="flex justify-between gap-4">
            <span className="text-slate-900">
              {h.name}{" "}
              <span className="text-xs text-slate-500">
                ({h.kind}
                {h.relationship !== "shareholder" ? `, ${h.relationship.replace("_", " ")}` : ""})
              </span>
            </span>
            <span className="text-slate-700">
              {h.ownershipPercent ? `${h.ownershipPercent}%` : "share not reported"}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  const rows = rowsFor(subset, data);
  if (!rows)
    return (
      <pre tabIndex={0} aria-label="Raw data" className="overflow-x-auto text-xs text-slate-700">
        {JSON.stringify(data, null, 2)}
      </pre>
    );
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-500">{label}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
