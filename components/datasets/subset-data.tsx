// Renders one subset's normalised data; unknown shapes fall back to their JSON. A figure the source
// does not give is null and is said so ("not given by <source>"), never shown as 0.
import type { ReactNode } from "react";
import { formatMoney } from "@/components/accounts/format";
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
/** A decimal string as money (the project's helper); anything that is not one as it came. */
const money = (amount: unknown, currency: unknown) =>
  typeof amount === "string" && /^-?\d+(\.\d+)?$/.test(amount)
    ? formatMoney(amount, typeof currency === "string" ? currency : "EUR")
    : str(amount);

function NotGiven({ source }: { source: string }) {
  return <span className="text-slate-500 italic">not given by {source}</span>;
}

function rowsFor(subset: string, d: Record<string, unknown>, source: string): Row[] | null {
  const given = (value: unknown, shown: (v: unknown) => ReactNode): ReactNode =>
    value === null || value === undefined ? <NotGiven source={source} /> : shown(value);
  if (subset === "information") {
    const a = d.registeredAddress as
      { lines?: string[]; postalCode?: string | null; city?: string | null; country?: string } | null | undefined;
    const address = a
      ? [...(a.lines ?? []), [a.postalCode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ")
      : "—";
    return [
      ["Legal name", str(d.legalName)],
      ["Legal form", str(d.legalForm)],
      ["Status", <Status key="status" status={d.status} detail={d.statusDetail} />],
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
      ["Revenue", given(d.revenue, (v) => money(v, d.currency))],
      ["Net result", given(d.netResult, (v) => money(v, d.currency))],
      ["Equity", given(d.equity, (v) => money(v, d.currency))],
      ["Total assets", given(d.totalAssets, (v) => money(v, d.currency))],
      ["Employees", given(d.employees, str)],
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

/** active | inactive | unknown, with the source's own words; a company struck off or ceased is flagged. */
function Status({ status, detail }: { status: unknown; detail: unknown }) {
  const words = typeof detail === "string" && detail ? ` (${detail})` : "";
  if (status === "inactive")
    return (
      <span className="font-medium text-red-700" data-testid="company-inactive">
        Inactive{words}: struck off, dissolved or ceased
      </span>
    );
  return (
    <span>
      {status === "active" ? "Active" : "Unknown"}
      {words}
    </span>
  );
}

type Officer = { name: string; kind: string; role: string; appointedOn: string | null; resignedOn: string | null };

function Officers({ officers }: { officers: Officer[] }) {
  if (officers.length === 0) return <p className="text-sm text-slate-600">No officers listed.</p>;
  return (
    <ul className="space-y-1 text-sm">
      {officers.map((o, i) => (
        <li key={i} className="flex flex-wrap justify-between gap-x-4">
          <span className="text-slate-900">
            {o.name} <span className="text-xs text-slate-500">({o.kind})</span>
          </span>
          <span className="text-slate-700">
            {o.role}
            {o.appointedOn ? ` since ${day(o.appointedOn)}` : ""}
            {o.resignedOn ? `, until ${day(o.resignedOn)}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}

type Holder = { name: string; kind: string; ownershipPercent: string | null; relationship: string; lei: string | null };

export function SubsetData({
  subset,
  data,
  source = "the source",
}: {
  subset: string;
  data: Record<string, unknown>;
  /** Who served the data, named where a figure is missing. */
  source?: string;
}) {
  if (subset === "officers" && Array.isArray(data.officers)) return <Officers officers={data.officers as Officer[]} />;
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
  const rows = rowsFor(subset, data, source);
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
