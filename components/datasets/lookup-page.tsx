"use client";
// Company lookup: a registration number in a country, optionally with an entity or profession
// context (or an explicit profile). Shows which profile applied and who served each subset. The
// number's format and check digits are checked here first (the API checks them again), and the
// client comes from a list of the scope's clients, not a typed id.
import { AppLink } from "@/components/ui/app-link";
import { useRef, useState, type FormEvent } from "react";
import { LookupResult } from "@/components/datasets/lookup-result";
import { Button } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useFocusFirstError, useFocusOn } from "@/components/ui/use-focus-on";
import { useCompanyLookup, useProfiles, useProviders, useSubsetTypes, type LookupInput } from "@/lib/client/datasets";
import { fieldError, formErrorMessage, isApiCallError } from "@/lib/client/errors";
import { useClients, useCurrentScope } from "@/lib/client/hooks";
import { checkRegistrationNumber, registrationExample } from "@/lib/datasets/registration-number";
import { itemsOf } from "@/lib/client/domain-hooks";

/** The countries a lookup covers, named in English by the platform's country names. */
const regionName = new Intl.DisplayNames(["en"], { type: "region" });
const COUNTRIES = ["BE", "NL", "DE", "FR", "ES", "IT", "NO", "GB"].map((code) => ({
  value: code,
  label: regionName.of(code) ?? code,
}));
const SHOWN = ["country", "number", "entityType", "entityId", "profession", "subProfession", "profileId"];

export function LookupPage() {
  const { scope } = useCurrentScope();
  const lookup = useCompanyLookup();
  const profiles = useProfiles();
  const providers = useProviders();
  const subsetTypes = useSubsetTypes();
  const { values, set, bind } = useFields(
    { country: "BE", number: "", profession: "", entityId: "", profileId: "" },
    (field) => fieldError(lookup.error, field),
  );
  const { country, number, profession, entityId, profileId } = values;
  const [numberError, setNumberError] = useState<string | null>(null);
  const clients = useClients("");
  const clientOptions = itemsOf(clients.data);
  const format = registrationExample(country);
  const mayRun = scope ? scope.role !== "viewer" : false;
  // Focus goes to what the lookup found, or to what to fix when it was refused.
  const card = useRef<HTMLDivElement>(null);
  const found = useRef<HTMLDivElement>(null);
  useFocusFirstError(card, lookup.error);
  useFocusOn(found, lookup.data ? lookup.submittedAt : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(false);
  };

  const run = (refresh: boolean) => {
    const checked = checkRegistrationNumber(country, number);
    setNumberError(checked.ok ? null : checked.message);
    if (!checked.ok) return;
    const input: LookupInput = {
      country,
      number,
      ...(profession.trim() ? { profession: profession.trim() } : {}),
      ...(entityId.trim() ? { entityType: "client", entityId: entityId.trim() } : {}),
      ...(profileId ? { profileId } : {}),
      ...(refresh ? { refresh: "true" as const } : {}),
    };
    lookup.mutate(input);
  };

  return (
    <>
      <PageHeader
        title="Company lookup"
        description="Fetch a company by its registration number. The applicable dataset profile decides which data is fetched and which providers are asked, in order."
      />
      <div ref={card}>
        <Card className="mb-6 p-5">
          {!mayRun && scope && (
            <p className="mb-4 text-sm text-slate-600">
              Your role is viewer: lookups consult external providers and count against profiles, so members and admins
              run them.
            </p>
          )}
          <form onSubmit={submit} className="grid gap-4 sm:grid-cols-3" noValidate>
            <SelectField
              label="Country"
              options={COUNTRIES}
              {...bind("country")}
              onChange={(e) => {
                set("country", e.target.value);
                setNumberError(null);
              }}
            />
            <TextField
              label="Registration number"
              {...bind("number")}
              error={numberError ?? fieldError(lookup.error, "number")}
              hint={
                format ? (
                  <>
                    {format.name}, like{" "}
                    <button
                      type="button"
                      className="underline"
                      onClick={() => {
                        set("number", format.example);
                        setNumberError(null);
                      }}
                    >
                      {format.example}
                    </button>
                  </>
                ) : undefined
              }
              required
            />
            <SelectField
              label="Profile"
              options={[
                { value: "", label: "Automatic (default profiles)" },
                ...(profiles.data ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
              {...bind("profileId")}
            />
            <TextField
              label="Profession (optional)"
              hint="Applies that profession's default profile"
              {...bind("profession")}
            />
            <SelectField
              label="Client (optional)"
              options={[
                { value: "", label: clientOptions.length ? "No client" : "No clients yet" },
                ...clientOptions.map((c) => ({ value: c.id, label: c.displayName })),
              ]}
              hint="Applies that client's default profile"
              {...bind("entityId")}
            />
            <div className="flex items-end">
              <Button type="submit" pending={lookup.isPending} disabled={!mayRun}>
                Look up
              </Button>
            </div>
          </form>
          <div className="mt-4">
            <FormError message={formErrorMessage(lookup.error, SHOWN)} />
            {/* The lookup's one conflict: no profile applies. The registry is where to make one. */}
            {isApiCallError(lookup.error) && lookup.error.code === "conflict" && (
              <p className="mt-2 text-sm">
                <AppLink href="/datasets/profiles/new" className="font-medium text-indigo-700 underline">
                  Create a profile in the data registry
                </AppLink>{" "}
                <AppLink href="/datasets" className="text-indigo-700 underline">
                  or open the registry
                </AppLink>
              </p>
            )}
          </div>
        </Card>
      </div>
      {lookup.data && !numberError && (
        <div ref={found} tabIndex={-1} role="region" aria-label="Lookup result" className="focus:outline-none">
          <LookupResult
            result={lookup.data}
            providers={providers.data}
            subsetTypes={subsetTypes.data}
            onRefresh={mayRun ? () => run(true) : undefined}
            refreshing={lookup.isPending}
          />
        </div>
      )}
    </>
  );
}
