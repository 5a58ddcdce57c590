"use client";
import { useState } from "react";
import { NotAdminNotice } from "@/components/settings/not-admin-notice";
import { APP_ROLE_OPTIONS, EXPIRY_OPTIONS, KIND_OPTIONS, parseExpiry } from "@/components/settings/options";
import { NewSecret } from "@/components/tokens/new-secret";
import { TokenListCard } from "@/components/tokens/token-list-card";
import { NoTokens } from "@/components/tokens/token-table";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, PageHeader, SkeletonRows } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useApiKeys, useCreateApiKey, useCurrentScope, useRevokeApiKey } from "@/lib/client/hooks";
import type { AppTokenKind, CreatedToken } from "@/lib/client/api-client";
import { submitMutation } from "@/components/ui/submit-mutation";

const FIELDS = ["name", "kind", "role", "expiresInDays"];

export function ApiKeysPage() {
  const { scope, isLoading } = useCurrentScope();
  const isAdmin = scope?.role === "admin";

  return (
    <>
      <PageHeader
        title="API keys"
        description="Keys for software, bound to this scope only, with a fixed role. Send them as Authorization: Bearer <key>; no X-Scope header is needed."
      />
      {isLoading || !scope ? (
        <Card>
          <SkeletonRows rows={4} label="Loading API keys" />
        </Card>
      ) : isAdmin ? (
        <ApiKeysAdmin key={scope.scopeId} scopeName={scope.name} />
      ) : (
        <NotAdminNotice scopeName={scope.name} role={scope.role} what="create and see API keys" />
      )}
    </>
  );
}

function ApiKeysAdmin({ scopeName }: { scopeName: string }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState("");
  const [kind, setKind] = useState<AppTokenKind>("api_key");
  const [role, setRole] = useState<"member" | "viewer">("viewer");
  const [expiry, setExpiry] = useState("90");
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = submitMutation(
    create,
    () => ({ name, kind, role, expiresInDays: parseExpiry(expiry) }),
    (key) => {
      setCreated(key);
      setName("");
      create.reset();
    },
  );

  return (
    <>
      <Card className="mb-6">
        <CardHeader title="Create an API key" description={`The key can only reach ${scopeName}.`} />
        <div className="space-y-4 px-5 py-5">
          {created && (
            <NewSecret
              label={`Your new API key “${created.name}”`}
              secret={created.token}
              onDismiss={() => setCreated(null)}
            />
          )}
          <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create an API key">
            <FormError message={formErrorMessage(create.error, FIELDS)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Key name"
                name="name"
                placeholder="e.g. Accounting sync"
                maxLength={80}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={fieldError(create.error, "name")}
                className="sm:col-span-2"
              />
              <SelectField
                label="Kind"
                name="kind"
                options={KIND_OPTIONS}
                value={kind}
                onChange={(e) => setKind(e.target.value as AppTokenKind)}
                error={fieldError(create.error, "kind")}
                hint={KIND_OPTIONS.find((k) => k.value === kind)?.hint}
              />
              <SelectField
                label="Role"
                name="role"
                options={APP_ROLE_OPTIONS}
                value={role}
                onChange={(e) => setRole(e.target.value === "member" ? "member" : "viewer")}
                error={fieldError(create.error, "role")}
                hint="Keys can never be admins."
              />
              <SelectField
                label="Expires after"
                name="expiresInDays"
                options={EXPIRY_OPTIONS}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                error={fieldError(create.error, "expiresInDays")}
              />
            </div>
            <div className="flex justify-end">
              <Button type="submit" pending={create.isPending}>
                Create API key
              </Button>
            </div>
          </form>
        </div>
      </Card>
      <TokenListCard
        title="Keys in this scope"
        caption="API keys"
        noun="API key"
        tokens={keys}
        revoke={revoke}
        showKindAndRole
        empty={
          <NoTokens title="No API keys yet">
            Create one above to let your own software read this scope (viewer) or also write to it (member).
          </NoTokens>
        }
      />
    </>
  );
}
