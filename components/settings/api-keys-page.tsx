"use client";
import { AdminPage } from "@/components/settings/admin-page";
import { APP_ROLE_OPTIONS, EXPIRY_OPTIONS, KIND_OPTIONS } from "@/components/settings/options";
import { CreateSecretCard } from "@/components/tokens/create-secret-card";
import { TokenListCard } from "@/components/tokens/token-list-card";
import { useSecretForm } from "@/components/tokens/use-secret-form";
import { EmptyState } from "@/components/ui/card";
import { SelectField, TextField } from "@/components/ui/field";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "@/lib/client/hooks";
import type { AppTokenKind } from "@/lib/client/api-client";

/** The form's values; the expiry stays the select's text ("90", "never") until the request. */
type KeyForm = { name: string; kind: NonNullable<AppTokenKind>; role: "member" | "viewer"; expiresInDays: string };

export function ApiKeysPage() {
  return (
    <AdminPage
      title="API keys"
      description="Keys for software, bound to this scope only, with a fixed role. Send them as Authorization: Bearer <key>; no X-Scope header is needed."
      loading="Loading API keys"
      what="create and see API keys"
    >
      {(scope) => <ApiKeysAdmin scopeName={scope.name} />}
    </AdminPage>
  );
}

function ApiKeysAdmin({ scopeName }: { scopeName: string }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const { values, bind, nameField, card } = useSecretForm<KeyForm>(useCreateApiKey(), {
    name: "",
    kind: "api_key",
    role: "viewer",
    expiresInDays: "90",
  });

  return (
    <>
      <CreateSecretCard
        {...card}
        title="Create an API key"
        description={`The key can only reach ${scopeName}.`}
        formLabel="Create an API key"
        secretLabel="Your new API key"
        submitLabel="Create API key"
        gridClassName="grid gap-4 sm:grid-cols-2"
      >
        <TextField label="Key name" placeholder="e.g. Accounting sync" className="sm:col-span-2" {...nameField} />
        <SelectField
          label="Kind"
          options={KIND_OPTIONS}
          hint={KIND_OPTIONS.find((k) => k.value === values.kind)?.hint}
          {...bind("kind")}
        />
        <SelectField label="Role" options={APP_ROLE_OPTIONS} hint="Keys can never be admins." {...bind("role")} />
        <SelectField label="Expires after" options={EXPIRY_OPTIONS} {...bind("expiresInDays")} />
      </CreateSecretCard>
      <TokenListCard
        title="Keys in this scope"
        caption="API keys"
        noun="API key"
        tokens={keys}
        revoke={revoke}
        showKindAndRole
        empty={
          <EmptyState title="No API keys yet">
            Create one above to let your own software read this scope (viewer) or also write to it (member).
          </EmptyState>
        }
      />
    </>
  );
}
