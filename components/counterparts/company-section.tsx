"use client";
// The company a counterpart is bound to, as the applicable profile allows (the lookup with the bound
// client as its entity): status, officers, owners and key figures, each with where it came from —
// the provider, when it was fetched, the source's own record. A subset no provider could give says
// so, with the providers' reasons.
import { providerName } from "@/components/datasets/labels";
import { SubsetData } from "@/components/datasets/subset-data";
import { Card, CardHeader, SkeletonRows } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { QueryError } from "@/components/ui/query-states";
import { useBoundCompanyLookup, type BoundCompany } from "@/lib/client/counterpart-company";
import { useProviders, type LookupResult, type Provider } from "@/lib/client/datasets";
import type { ReactNode } from "react";

type Subset = LookupResult["subsets"][number];

/** What the person calls each subset here. */
const TITLE: Record<string, string> = {
  information: "Status and identity",
  officers: "Officers",
  shareholders: "Owners",
  financials: "Key figures",
  rating: "Rating",
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function Provenance({ subset, providers }: { subset: Subset; providers: Provider[] | undefined }) {
  const source = providerName(subset.provider ?? "", providers);
  const { fetchedAt, recordUrl, cached } = subset;
  return (
    <p className="text-xs text-slate-500" data-testid="provenance">
      From {source}
      {fetchedAt && ` · fetched ${formatDateTime(fetchedAt)}${cached ? " (kept)" : ""}`}
      {recordUrl && (
        <>
          {" · "}
          <a href={recordUrl} className="text-indigo-700 underline" rel="noreferrer" target="_blank">
            source record<span className="sr-only"> at {source}</span>
          </a>
        </>
      )}
    </p>
  );
}

function SubsetCard({ subset, providers }: { subset: Subset; providers: Provider[] | undefined }) {
  const title = TITLE[subset.subset] ?? subset.subset;
  let body: ReactNode;
  if (subset.status === "served" && isRecord(subset.data)) {
    body = (
      <>
        <SubsetData subset={subset.subset} data={subset.data} source={providerName(subset.provider ?? "", providers)} />
        <Provenance subset={subset} providers={providers} />
      </>
    );
  } else {
    const reasons = subset.attempts
      .filter((a) => a.reason)
      .map((a) => `${providerName(a.provider, providers)}: ${a.reason}`);
    body = (
      <p className="text-sm text-amber-800">
        No provider of the profile could give it{reasons.length ? ` (${reasons.join("; ")})` : ""}.
      </p>
    );
  }
  return (
    <section aria-label={title} data-subset={subset.subset} className="space-y-2 rounded-lg p-4 ring-1 ring-slate-200">
      <h3 className="font-medium text-slate-900">{title}</h3>
      {body}
    </section>
  );
}

export function CompanySection({
  counterpartId,
  company,
  action,
}: {
  counterpartId: string;
  company: BoundCompany;
  action?: ReactNode;
}) {
  const lookup = useBoundCompanyLookup(counterpartId, company);
  const providers = useProviders();
  return (
    <Card>
      <div data-testid="counterpart-company">
        <CardHeader
          title={`Company: ${company.name}`}
          description={`${company.country} ${company.number}${company.lei ? ` · LEI ${company.lei}` : ""}${
            lookup.data ? ` · profile ${lookup.data.profile.name}` : ""
          }`}
          action={action}
        />
        {lookup.isPending ? (
          <SkeletonRows rows={4} label="Looking up the company" />
        ) : lookup.isError ? (
          <QueryError error={lookup.error} before="The company's data could not be looked up." />
        ) : (
          <div className="grid gap-4 p-5 md:grid-cols-2">
            {lookup.data.subsets.map((s) => (
              <SubsetCard key={s.subset} subset={s} providers={providers.data} />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}
