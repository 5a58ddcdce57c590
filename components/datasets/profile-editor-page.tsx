"use client";
// Loads what the profile editor needs (registry, providers, the profile when editing).
import { ProfileEditor } from "@/components/datasets/profile-editor";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { QueryError } from "@/components/ui/query-states";
import { useProfile, useProviders, useSubsetTypes, type Profile } from "@/lib/client/datasets";
import { errorMessage } from "@/lib/client/errors";
import { useCurrentScope } from "@/lib/client/hooks";

function EditorShell({ profile, title }: { profile?: Profile; title: string }) {
  const { scope } = useCurrentScope();
  const subsetTypes = useSubsetTypes();
  const providers = useProviders();
  const failure = subsetTypes.error ?? providers.error;
  return (
    <>
      <PageHeader
        title={title}
        description="Choose what a company lookup fetches and in which order providers are asked."
      />
      <Card>
        <CardHeader title={profile ? profile.name : "New dataset profile"} />
        {failure ? (
          <QueryError error={failure} />
        ) : !subsetTypes.data || !providers.data || !scope ? (
          <SkeletonRows rows={4} label="Loading the registry" />
        ) : (
          <ProfileEditor
            profile={profile}
            subsetTypes={subsetTypes.data}
            providers={providers.data}
            role={scope.role}
          />
        )}
      </Card>
    </>
  );
}

export function NewProfilePage() {
  return <EditorShell title="New profile" />;
}

export function EditProfilePage({ id }: { id: string }) {
  const profile = useProfile(id);
  if (profile.isError) {
    return (
      <>
        <PageHeader title="Profile" />
        <FormError message={errorMessage(profile.error)} />
      </>
    );
  }
  if (!profile.data) return <SkeletonRows rows={4} label="Loading the profile" />;
  return <EditorShell key={profile.data.updatedAt} profile={profile.data} title="Edit profile" />;
}
