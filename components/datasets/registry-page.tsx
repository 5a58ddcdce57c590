"use client";
// Data registry: the scope's datasets and subset types, its providers (with a profile's preview), and
// its dataset profiles.
import { providerShortName, SCOPE_LABEL, targetText } from "@/components/datasets/labels";
import { ProvidersPanel } from "@/components/datasets/providers-panel";
import { ButtonLink } from "@/components/ui/button";
import { Card, CardHeader, EmptyState, PageHeader } from "@/components/ui/card";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Table, Td } from "@/components/ui/table";
import { useToast } from "@/components/ui/toast";
import { useDatasets, useDeleteProfile, useProfiles, type Profile } from "@/lib/client/datasets";
import { useCurrentScope } from "@/lib/client/hooks";
import { QueryStates } from "@/components/ui/query-states";

function DatasetsCard() {
  const datasets = useDatasets();
  return (
    <Card className="mb-6">
      <CardHeader title="Datasets" description="Categories of data and the subset types a profile can select." />
      <QueryStates
        query={datasets}
        rows={2}
        loading="Loading datasets"
        empty={
          <EmptyState title="No datasets in this scope">
            The data registry of this scope has not been provisioned.
          </EmptyState>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.map((d) => (
              <li key={d.id} className="px-5 py-4">
                <p className="font-medium text-slate-900">{d.name}</p>
                <p className="text-sm text-slate-500">{d.description}</p>
                <ul aria-label={`Subset types of ${d.name}`} className="mt-2 flex flex-wrap gap-2">
                  {d.subsetTypes.map((t) => (
                    <li
                      key={t.key}
                      title={t.description ?? undefined}
                      className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700"
                    >
                      {t.name}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </Card>
  );
}

function ProfileActions({ profile, role }: { profile: Profile; role: string }) {
  const remove = useDeleteProfile();
  const toast = useToast();
  const mayDelete = role === "admin" || (role === "member" && !profile.isDefault);
  return (
    <span className="inline-flex items-center gap-2">
      <ButtonLink href={`/datasets/profiles/${profile.id}`} variant="secondary" size="sm">
        {role === "viewer" ? "View" : "Edit"}
        <span className="sr-only"> {profile.name}</span>
      </ButtonLink>
      {mayDelete && (
        <ConfirmButton
          title={`Delete “${profile.name}”?`}
          body={
            <p>
              {profile.isDefault
                ? "It is this scope's default: lookups have no profile to apply until you choose another default."
                : "Lookups that name this profile will no longer find it."}
            </p>
          }
          confirmLabel="Delete profile"
          cancelLabel="Keep profile"
          onConfirm={async () => {
            await remove.mutateAsync(profile.id);
            toast.success("Profile deleted.");
          }}
        >
          Delete<span className="sr-only"> {profile.name}</span>
        </ConfirmButton>
      )}
    </span>
  );
}

export function RegistryPage() {
  const { scope } = useCurrentScope();
  const profiles = useProfiles();
  const role = scope?.role ?? "viewer";
  const newProfile = role !== "viewer" ? <ButtonLink href="/datasets/profiles/new">New profile</ButtonLink> : undefined;

  return (
    <>
      <PageHeader
        title="Data registry"
        description="Decide which company data a lookup fetches and from which providers. Default profiles apply automatically: for an entity, then a profession, then the whole organisation."
        action={newProfile}
      />
      <DatasetsCard />
      <ProvidersPanel />
      <Card>
        <CardHeader
          title="Dataset profiles"
          description="A profile is a selection of subsets plus an ordered list of providers."
        />
        <QueryStates
          query={profiles}
          rows={3}
          loading="Loading profiles"
          empty={
            <EmptyState title="No profiles yet" action={newProfile}>
              Create a profile and make it the default so company lookups know what to fetch.
            </EmptyState>
          }
        >
          {(data) => (
            <Table actions caption="Dataset profiles" head={["Name", "Applies to", "Subsets", "Providers", "Used"]}>
              {data.map((p) => (
                <tr key={p.id}>
                  <Td className="font-medium text-slate-900">
                    {p.name}
                    {p.isDefault && (
                      <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700">
                        Default
                      </span>
                    )}
                  </Td>
                  <Td>
                    <span className="sr-only">{SCOPE_LABEL[p.scope]}: </span>
                    {targetText(p)}
                  </Td>
                  <Td className="whitespace-normal!">{p.subsetSelection.join(", ")}</Td>
                  <Td className="whitespace-normal!">{p.providerPriorities.map(providerShortName).join(" → ")}</Td>
                  <Td>{p.usageCount}</Td>
                  <Td className="text-right">
                    <ProfileActions profile={p} role={role} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </QueryStates>
      </Card>
    </>
  );
}
