"use client";
import { useState } from "react";
import { CLIENT_TYPE_OPTIONS, COUNTRY_OPTIONS } from "@/components/clients/options";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useCreateClient } from "@/lib/client/hooks";
import type { ClientType } from "@/lib/client/api-client";
import { submitMutation } from "@/components/ui/submit-mutation";

const FIELDS = ["type", "displayName", "countryCode"];

export function CreateClientForm({ onDone }: { onDone: () => void }) {
  const createClient = useCreateClient();
  const toast = useToast();
  const [type, setType] = useState<ClientType>("company");
  const [displayName, setDisplayName] = useState("");
  const [countryCode, setCountryCode] = useState("");

  const submit = submitMutation(
    createClient,
    () => ({ type, displayName, countryCode }),
    (client) => {
      toast.success(`${client.displayName} added.`);
      setDisplayName("");
      createClient.reset();
      onDone();
    },
  );

  const error = createClient.error;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 py-5" aria-label="New client">
      <FormError message={formErrorMessage(error, FIELDS)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Display name"
          name="displayName"
          className="sm:col-span-3"
          placeholder="e.g. Acme Trading BV"
          maxLength={200}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          error={fieldError(error, "displayName")}
          autoFocus
        />
        <SelectField
          label="Type"
          name="type"
          options={CLIENT_TYPE_OPTIONS}
          value={type}
          onChange={(e) => setType(e.target.value as ClientType)}
          error={fieldError(error, "type")}
        />
        <SelectField
          label="Country"
          name="countryCode"
          className="sm:col-span-2"
          options={COUNTRY_OPTIONS}
          value={countryCode}
          onChange={(e) => setCountryCode(e.target.value)}
          error={fieldError(error, "countryCode")}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={createClient.isPending}>
          Add client
        </Button>
      </div>
    </form>
  );
}
