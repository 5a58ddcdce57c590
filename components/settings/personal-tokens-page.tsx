"use client";
import { EXPIRY_OPTIONS } from "@/components/settings/options";
import { CreateSecretCard } from "@/components/tokens/create-secret-card";
import { TokenListCard } from "@/components/tokens/token-list-card";
import { useSecretForm } from "@/components/tokens/use-secret-form";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useCreatePersonalToken, usePersonalTokens, useRevokePersonalToken } from "@/lib/client/hooks";

export function PersonalTokensPage() {
  const tokens = usePersonalTokens();
  const revoke = useRevokePersonalToken();
  const { bind, nameField, card } = useSecretForm(useCreatePersonalToken(), { name: "", expiresInDays: "90" });

  return (
    <>
      <PageHeader
        title="Personal access tokens"
        description="Tokens that act as you, in every scope you belong to, with your role there. Use them for scripts and the command line; send them as Authorization: Bearer <token>."
      />
      <CreateSecretCard
        {...card}
        title="Create a token"
        formLabel="Create a personal access token"
        secretLabel="Your new token"
        submitLabel="Create token"
        gridClassName="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        submitInline
      >
        <TextField
          label="Token name"
          placeholder="e.g. Laptop CLI"
          hint="Something that tells you later where it is used."
          {...nameField}
        />
        <SelectField label="Expires after" options={EXPIRY_OPTIONS} {...bind("expiresInDays")} />
      </CreateSecretCard>
      <TokenListCard
        title="Your tokens"
        caption="Personal access tokens"
        noun="Token"
        tokens={tokens}
        revoke={revoke}
        empty={
          <EmptyState title="No personal tokens yet">
            Create one above when a script or tool needs to call the API as you.
          </EmptyState>
        }
      />
    </>
  );
}
