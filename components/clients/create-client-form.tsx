"use client";
import { CLIENT_TYPE_OPTIONS, COUNTRY_OPTIONS } from "@/components/clients/options";
import { CancelAndSubmit } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useCreateClient } from "@/lib/client/hooks";
import type { ClientType } from "@/lib/client/api-client";
import { useMutationForm } from "@/components/ui/use-mutation-form";
import { useFields } from "@/components/ui/use-fields";

const FIELDS = ["type", "displayName", "countryCode"];

export function CreateClientForm({ onDone }: { onDone: () => void }) {
  const createClient = useCreateClient();
  const toast = useToast();
  const { values, set, bind } = useFields<{ type: ClientType; displayName: string; countryCode: string }>(
    { type: "company", displayName: "", countryCode: "" },
    (field) => fieldError(createClient.error, field),
  );

  const { form, submit } = useMutationForm(
    createClient,
    () => values,
    (client) => {
      toast.success(`${client.displayName} added.`);
      set("displayName", "");
      createClient.reset();
      onDone();
    },
  );

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4 px-5 py-5" aria-label="New client">
      <FormError message={formErrorMessage(createClient.error, FIELDS)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Display name"
          className="sm:col-span-3"
          placeholder="e.g. Acme Trading BV"
          maxLength={200}
          autoFocus
          {...bind("displayName")}
        />
        <SelectField label="Type" options={CLIENT_TYPE_OPTIONS} {...bind("type")} />
        <SelectField label="Country" className="sm:col-span-2" options={COUNTRY_OPTIONS} {...bind("countryCode")} />
      </div>
      <CancelAndSubmit submitLabel="Add client" pending={createClient.isPending} onCancel={onDone} />
    </form>
  );
}
