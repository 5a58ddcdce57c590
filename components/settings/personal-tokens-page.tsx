"use client";
import { useState } from "react";
import { EXPIRY_OPTIONS, parseExpiry } from "@/components/settings/options";
import { NewSecret } from "@/components/tokens/new-secret";
import { TokenListCard } from "@/components/tokens/token-list-card";
import { NoTokens } from "@/components/tokens/token-table";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useCreatePersonalToken, usePersonalTokens, useRevokePersonalToken } from "@/lib/client/hooks";
import type { CreatedToken } from "@/lib/client/api-client";
import { submitMutation } from "@/components/ui/submit-mutation";

export function PersonalTokensPage() {
  const tokens = usePersonalTokens();
  const create = useCreatePersonalToken();
  const revoke = useRevokePersonalToken();
  const [name, setName] = useState("");
  const [expiry, setExpiry] = useState("90");
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = submitMutation(
    create,
    () => ({ name, expiresInDays: parseExpiry(expiry) }),
    (token) => {
      setCreated(token);
      setName("");
      create.reset();
    },
  );

  return (
    <>
      <PageHeader
        title="Personal access tokens"
        description="Tokens that act as you, in every scope you belong to, with your role there. Use them for scripts and the command line; send them as Authorization: Bearer <token>."
      />
      <Card className="mb-6">
        <CardHeader title="Create a token" />
        <div className="space-y-4 px-5 py-5">
          {created && (
            <NewSecret
              label={`Your new token “${created.name}”`}
              secret={created.token}
              onDismiss={() => setCreated(null)}
            />
          )}
          <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create a personal access token">
            <FormError message={formErrorMessage(create.error, ["name", "expiresInDays"])} />
            <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
              <TextField
                label="Token name"
                name="name"
                placeholder="e.g. Laptop CLI"
                maxLength={80}
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={fieldError(create.error, "name")}
                hint="Something that tells you later where it is used."
              />
              <SelectField
                label="Expires after"
                name="expiresInDays"
                options={EXPIRY_OPTIONS}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value)}
                error={fieldError(create.error, "expiresInDays")}
              />
              <Button type="submit" pending={create.isPending} className="sm:mt-7">
                Create token
              </Button>
            </div>
          </form>
        </div>
      </Card>
      <TokenListCard
        title="Your tokens"
        caption="Personal access tokens"
        noun="Token"
        tokens={tokens}
        revoke={revoke}
        empty={
          <NoTokens title="No personal tokens yet">
            Create one above when a script or tool needs to call the API as you.
          </NoTokens>
        }
      />
    </>
  );
}
