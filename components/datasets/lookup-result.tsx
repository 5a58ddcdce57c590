// The outcome of a company lookup: which profile applied and, per subset, which provider served
// it, when it was fetched, the source's own record, whether it was a kept answer (no provider asked),
// and what happened with the providers tried before it. "Refresh now" asks the providers again.
import { AppLink } from "@/components/ui/app-link";
import { MATCHED_BY_LABEL, OUTCOME_LABEL, providerName } from "@/components/datasets/labels";
import { SubsetData } from "@/components/datasets/subset-data";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/ui/format";
import { cx } from "@/components/ui/cx";
import type { LookupResult as Result, Provider, SubsetType } from "@/lib/client/datasets";
import { numberInCountry } from "@/lib/datasets/registration-number";

/** A provider's answer is a JSON object; anything else shows nothing. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The provider's own words, without the error code in front ("not_found: …"). */
const reasonText = (reason: string) => reason.replace(/^[a-z_]+: /, "");

type Served = Result["subsets"][number];

/** Who served a subset, when, from which record, and whether a kept answer spared the call. */
function Provenance({ s, providers }: { s: Served; providers?: Provider[] }) {
  return (
    <span>
      <span data-testid="served-by">Served by {providerName(s.provider ?? "", providers)}</span>
      <span data-testid="provenance">
        {s.fetchedAt && <> · fetched {formatDateTime(s.fetchedAt)}</>}
        {s.cached && <> · kept answer, no provider asked</>}
        {s.recordUrl && (
          <>
            {" "}
            ·{" "}
            <a href={s.recordUrl} target="_blank" rel="noreferrer" className="text-indigo-700 underline">
              source record
            </a>
          </>
        )}
      </span>
    </span>
  );
}

export function LookupResult({
  result,
  providers,
  subsetTypes,
  onRefresh,
  refreshing = false,
}: {
  result: Result;
  providers?: Provider[];
  subsetTypes?: SubsetType[];
  /** Asks the providers again, whatever is kept; absent where the viewer may not run lookups. */
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  const subsetName = (key: string) => subsetTypes?.find((t) => t.key === key)?.name ?? key;
  // No provider knows the company at all: say so once, not once per subset.
  const nowhere =
    result.subsets.length > 0 &&
    result.subsets.every((s) => s.status !== "served" && s.attempts.some((a) => a.outcome === "not_found"));
  if (nowhere) {
    return (
      <div data-testid="lookup-result">
        <Card className="p-5">
          <h2 className="text-base font-semibold text-slate-900">
            No company {numberInCountry(result.company.country, result.company.number)}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            None of the providers of the profile {result.profile.name} (
            {result.profile.providerPriorities.map((id) => providerName(id, providers)).join(", ")}) has a company with
            this number. Check the number and the country, or try another profile.
          </p>
        </Card>
      </div>
    );
  }
  return (
    <div className="space-y-4" data-testid="lookup-result">
      <Card className="p-5">
        <p className="text-sm text-slate-600">Profile applied</p>
        <p className="mt-1 text-base font-semibold text-slate-900" data-testid="applied-profile">
          <AppLink href={`/datasets/profiles/${result.profile.id}`} className="hover:underline">
            {result.profile.name}
          </AppLink>
        </p>
        <p className="text-sm text-slate-500">
          {MATCHED_BY_LABEL[result.profile.matchedBy]} · providers in order:{" "}
          {result.profile.providerPriorities.map((id) => providerName(id, providers)).join(" → ")} · used{" "}
          {result.profile.usageCount} {result.profile.usageCount === 1 ? "time" : "times"}
        </p>
        {onRefresh && result.subsets.some((s) => s.cached) && (
          <div className="mt-3 flex items-center gap-3">
            <Button type="button" variant="secondary" pending={refreshing} onClick={onRefresh}>
              Refresh now
            </Button>
            <span className="text-sm text-slate-600">Some answers are kept from an earlier lookup.</span>
          </div>
        )}
      </Card>
      {result.subsets.map((s) => (
        <Card key={s.subset}>
          <section aria-label={subsetName(s.subset)} data-subset={s.subset}>
            <CardHeader
              title={subsetName(s.subset)}
              description={
                s.status === "served" ? (
                  <Provenance s={s} providers={providers} />
                ) : (
                  <span className="text-amber-800">No provider in this profile could supply it</span>
                )
              }
            />
            <div className="space-y-3 px-5 py-4">
              {isRecord(s.data) && <SubsetData subset={s.subset} data={s.data} />}
              {/* A kept answer asked no provider: nothing was tried. */}
              {s.attempts.length > 0 && (
                <div>
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Providers tried</p>
                  <ol className="mt-1 space-y-0.5 text-xs">
                    {s.attempts.map((a, i) => (
                      <li
                        key={i}
                        className={cx(
                          a.outcome === "served"
                            ? "text-emerald-700"
                            : a.outcome === "failed"
                              ? "text-red-700"
                              : "text-slate-600",
                        )}
                      >
                        {i + 1}. {providerName(a.provider, providers)}: {OUTCOME_LABEL[a.outcome]}
                        {a.reason ? ` — ${reasonText(a.reason)}` : ""}
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </div>
          </section>
        </Card>
      ))}
    </div>
  );
}
