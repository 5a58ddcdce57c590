"use client";
import { EXPIRY_OPTIONS, parseExpiry } from "@/components/settings/options";
import { CreateSecretCard } from "@/components/tokens/create-secret-card";
import { TokenListCard } from "@/components/tokens/token-list-card";
import { EmptyState, PageHeader } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { fieldError } from "@/lib/client/errors";
import { useCreatePersonalToken, usePersonalTokens, useRevokePersonalToken } from "@/lib/client/hooks";

export function PersonalTokensPage() {
  const tokens = usePersonalTokens();
  const create = useCreatePersonalToken();
  const revoke = useRevokePersonalToken();
  const { values, set, bind } = useFields({ name: "", expiresInDays: "90" }, (field) =>
    fieldError(create.error, field),
  );

  return (
    <>
      <PageHeader
        title="Personal access tokens"
        description="Tokens that act as you, in every scope you belong to, with your role there. Use them for scripts and the command line; send them as Authorization: Bearer <token>."
      />
      <CreateSecretCard
        title="Create a token"
        formLabel="Create a personal access token"
        secretLabel="Your new token"
        submitLabel="Create token"
        create={create}
        input={() => ({ name: values.name, expiresInDays: parseExpiry(values.expiresInDays) })}
        onCreated={() => set("name", "")}
        fieldNames={["name", "expiresInDays"]}
        gridClassName="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
        submitInline
      >
        <TextField
          label="Token name"
          placeholder="e.g. Laptop CLI"
          maxLength={80}
          hint="Something that tells you later where it is used."
          {...bind("name")}
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
