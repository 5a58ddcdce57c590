"use client";
// "Who is this?": the registers searched by the counterpart's name and its IBAN's country (both
// editable), the candidates with what tells them apart (identifiers, legal form, address, status;
// one struck off or ceased is flagged), and Choose, which binds the counterpart to that company.
import { useState, type FormEvent } from "react";
import { providerName } from "@/components/datasets/labels";
import { Button } from "@/components/ui/button";
import { Badge, SkeletonRows } from "@/components/ui/card";
import { FormError, TextField } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-states";
import {
  useBindCompany,
  useCompanyCandidates,
  type CompanyCandidate,
  type CompanyCandidates,
} from "@/lib/client/counterpart-company";
import { useProviders, type Provider } from "@/lib/client/datasets";
import { errorMessage } from "@/lib/client/errors";

type Search = { name: string; country: string };

const SEARCH_OUTCOME: Record<CompanyCandidates["attempts"][number]["outcome"], string> = {
  served: "found",
  not_found: "none found",
  failed: "failed",
  skipped: "skipped",
};

/** "Rue X 1, 75001 Paris, FR": a register's address on one line. */
export function addressLine(a: CompanyCandidate["address"]): string | null {
  if (!a) return null;
  return [...a.lines, [a.postalCode, a.city].filter(Boolean).join(" "), a.country].filter(Boolean).join(", ");
}

function Candidate({
  candidate,
  providers,
  onChoose,
  pending,
}: {
  candidate: CompanyCandidate;
  providers: Provider[] | undefined;
  onChoose: () => void;
  pending: boolean;
}) {
  const address = addressLine(candidate.address);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 px-5 py-3" data-testid="company-candidate">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {candidate.name}{" "}
          {candidate.status === "inactive" ? (
            <Badge tone="red">Struck off or ceased</Badge>
          ) : candidate.status === "active" ? (
            <Badge tone="green">Active</Badge>
          ) : null}
        </p>
        <p className="text-slate-600">
          {candidate.country} {candidate.number}
          {candidate.lei ? ` · LEI ${candidate.lei}` : ""}
          {candidate.legalForm ? ` · ${candidate.legalForm}` : ""}
        </p>
        {address && <p className="text-slate-500">{address}</p>}
        <p className="text-xs text-slate-500">
          Found by {providerName(candidate.provider, providers)}
          {candidate.recordUrl && (
            <>
              {" · "}
              <a href={candidate.recordUrl} className="text-indigo-700 underline" rel="noreferrer" target="_blank">
                the register&apos;s record<span className="sr-only"> of {candidate.name}</span>
              </a>
            </>
          )}
        </p>
      </div>
      <Button size="sm" pending={pending} onClick={onChoose}>
        Choose<span className="sr-only"> {candidate.name}</span>
      </Button>
    </li>
  );
}

/** What each register answered, so an empty list says whom it is missing. */
function Searched({ answer, providers }: { answer: CompanyCandidates; providers: Provider[] | undefined }) {
  if (answer.country === null)
    return <p className="px-5 py-3 text-sm text-amber-800">No country is known for this counterpart: enter one.</p>;
  return (
    <p className="px-5 py-2 text-xs text-slate-500" data-testid="searched-registers">
      {answer.attempts
        .map(
          (a) =>
            `${providerName(a.provider, providers)}: ${SEARCH_OUTCOME[a.outcome]}${a.reason ? ` — ${a.reason}` : ""}`,
        )
        .join(" · ")}
    </p>
  );
}

export function WhoIsThis({ counterpartId, name }: { counterpartId: string; name: string }) {
  // The first search is the server's default (the counterpart's name, its IBAN's country); the form
  // shows what it searched until the person edits it.
  const [search, setSearch] = useState<Partial<Search>>({});
  const [edited, setEdited] = useState<Search | null>(null);
  const providers = useProviders();
  const answer = useCompanyCandidates(counterpartId, search);
  const bind = useBindCompany(counterpartId);
  const fields = edited ?? { name: answer.data?.name ?? name, country: answer.data?.country ?? "" };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch({ name: fields.name.trim(), country: fields.country.trim().toUpperCase() });
  };
  const choose = (c: CompanyCandidate) =>
    bind.mutate({ country: c.country, number: c.number, lei: c.lei, name: c.name });
  return (
    <div data-testid="who-is-this">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-5 py-4" role="search">
        <TextField
          label="Company name"
          className="min-w-48 flex-1"
          value={fields.name}
          onChange={(e) => setEdited({ ...fields, name: e.target.value })}
        />
        <TextField
          label="Country"
          className="w-24"
          maxLength={2}
          autoComplete="country"
          value={fields.country}
          onChange={(e) => setEdited({ ...fields, country: e.target.value })}
        />
        <Button type="submit" variant="secondary" pending={answer.isFetching}>
          Search the registers
        </Button>
      </form>
      {answer.isPending ? (
        <SkeletonRows rows={2} label="Searching the registers" />
      ) : answer.isError ? (
        <QueryError error={answer.error} before="The registers could not be searched." />
      ) : (
        <>
          <Searched answer={answer.data} providers={providers.data} />
          {answer.data.candidates.length === 0 ? (
            answer.data.country && (
              <p className="px-5 pb-4 text-sm text-slate-600">
                No register found a company named “{answer.data.name}” in {answer.data.country}. Try another spelling or
                country.
              </p>
            )
          ) : (
            <ul aria-label="Candidates" className="divide-y divide-slate-100 border-t border-slate-100">
              {answer.data.candidates.map((c) => (
                <Candidate
                  key={`${c.country}|${c.number}`}
                  candidate={c}
                  providers={providers.data}
                  pending={bind.isPending && bind.variables?.number === c.number}
                  onChoose={() => choose(c)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      <div className="px-5 pb-3">
        <FormError message={bind.isError ? errorMessage(bind.error) : null} />
      </div>
    </div>
  );
}
