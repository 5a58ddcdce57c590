"use client";
// The data registry's Providers panel: each provider with the subsets and countries it serves,
// whether it is configured (or why not), its rate limit and its health over the last hours; and a
// profile's preview: for a country, which provider would answer each subset and why the ones before
// it are skipped.
import { useState, type FormEvent } from "react";
import { providerName } from "@/components/datasets/labels";
import { Button } from "@/components/ui/button";
import { Badge, Card, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { QueryError, QueryStates } from "@/components/ui/query-states";
import { useProfiles } from "@/lib/client/datasets";
import {
  useProfilePreview,
  useProviderStatus,
  type ProviderHealth,
  type ProviderStatus,
} from "@/lib/client/provider-health";

const CIRCUIT: Record<ProviderHealth["circuit"], { label: string; tone: "green" | "red" | "amber" }> = {
  closed: { label: "circuit closed", tone: "green" },
  open: { label: "circuit open", tone: "red" },
  half_open: { label: "circuit half-open", tone: "amber" },
};

function Health({ health }: { health: ProviderHealth }) {
  const circuit = CIRCUIT[health.circuit];
  return (
    <div className="text-sm text-slate-700" data-testid="provider-health">
      <p>
        Last {health.windowHours} h: {health.served} served · {health.notFound} not found · {health.failed} failed ·{" "}
        {health.rateLimited} rate-limited <Badge tone={circuit.tone}>{circuit.label}</Badge>
      </p>
      {health.lastFailureAt && (
        <p className="text-xs text-red-700">
          Last failure {formatDateTime(health.lastFailureAt)}
          {health.lastFailureReason ? `: ${health.lastFailureReason}` : ""}
        </p>
      )}
    </div>
  );
}

function ProviderItem({ provider }: { provider: ProviderStatus }) {
  const isOn = provider.isEnabled && provider.configured;
  return (
    <li className="space-y-1 px-5 py-4" data-testid="provider-item">
      <p className="font-medium text-slate-900">
        {provider.name}{" "}
        <Badge tone={isOn ? "green" : "slate"}>{isOn ? "on" : provider.configured ? "off" : "not configured"}</Badge>
      </p>
      {!isOn && provider.offReason && <p className="text-sm text-slate-600">{provider.offReason}</p>}
      <p className="text-sm text-slate-600">
        Serves {provider.subsetTypes.join(", ")} ·{" "}
        {provider.countries ? provider.countries.join(", ") : "every country"}
        {provider.rateLimit && ` · at most ${provider.rateLimit.points} calls per ${provider.rateLimit.perSeconds} s`}
      </p>
      <Health health={provider.health} />
    </li>
  );
}

function Preview({ providers }: { providers: ProviderStatus[] }) {
  const profiles = useProfiles();
  const [chosen, setChosen] = useState({ profileId: "", country: "FR" });
  const [asked, setAsked] = useState({ profileId: "", country: "" });
  const preview = useProfilePreview(asked.profileId, asked.country);
  const profileId = chosen.profileId || (profiles.data?.find((p) => p.isDefault) ?? profiles.data?.[0])?.id || "";
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAsked({ profileId, country: chosen.country.trim().toUpperCase() });
  };
  if (!profiles.data?.length) return null;
  return (
    <div className="border-t border-slate-100" data-testid="profile-preview">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3 px-5 py-4">
        <div>
          <label htmlFor="preview-profile" className="mb-1.5 block text-sm font-medium text-slate-700">
            Profile
          </label>
          <select
            id="preview-profile"
            className="rounded-md px-2 py-2 text-sm ring-1 ring-slate-300"
            value={profileId}
            onChange={(e) => setChosen({ ...chosen, profileId: e.target.value })}
          >
            {profiles.data.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.isDefault ? " (default)" : ""}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Country"
          className="w-24"
          maxLength={2}
          value={chosen.country}
          onChange={(e) => setChosen({ ...chosen, country: e.target.value })}
        />
        <Button type="submit" variant="secondary" pending={preview.isFetching}>
          Preview
        </Button>
      </form>
      {preview.isError && <QueryError error={preview.error} before="The preview could not be made." />}
      {preview.data && (
        <ul aria-label={`Who answers each subset in ${preview.data.country}`} className="space-y-2 px-5 pb-4 text-sm">
          {preview.data.subsets.map((s) => (
            <li key={s.subset} data-subset={s.subset}>
              <span className="font-medium text-slate-900">{s.subset}</span>:{" "}
              {s.provider ? (
                <span className="text-emerald-700">{providerName(s.provider, providers)}</span>
              ) : (
                <span className="text-amber-800">no provider</span>
              )}
              {s.skipped.length > 0 && (
                <span className="text-slate-600">
                  {" "}
                  (skipped: {s.skipped.map((k) => `${providerName(k.provider, providers)} — ${k.reason}`).join("; ")})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ProvidersPanel() {
  const providers = useProviderStatus();
  return (
    <Card className="mb-6">
      <div data-testid="providers-panel">
        <CardHeader
          title="Providers"
          description="Where company data comes from: what each provider serves, whether this server can reach it, and how it has answered lately. Preview a profile to see who would answer each subset."
        />
        <QueryStates query={providers} rows={3} loading="Loading providers" empty={null}>
          {(data) => (
            <>
              <ul className="divide-y divide-slate-100">
                {data.map((p) => (
                  <ProviderItem key={p.id} provider={p} />
                ))}
              </ul>
              <Preview providers={data} />
            </>
          )}
        </QueryStates>
      </div>
    </Card>
  );
}
