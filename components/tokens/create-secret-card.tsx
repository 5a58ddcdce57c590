"use client";
// The "create a secret, show it once" card of the token pages (personal tokens, API keys): the form,
// its error, and after a success the new secret with Copy until dismissed. Each page brings its
// fields (`children`) and how they are laid out.
import { useState, type ReactNode } from "react";
import { NewSecret } from "@/components/tokens/new-secret";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { FormError } from "@/components/ui/field";
import { useMutationForm } from "@/components/ui/use-mutation-form";
import type { CreatedToken } from "@/lib/client/api-client";
import { formErrorMessage } from "@/lib/client/errors";

export type CreateMutation<I> = {
  mutate: (input: I, options?: { onSuccess?: (token: CreatedToken) => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

export function CreateSecretCard<I>({
  title,
  description,
  formLabel,
  secretLabel,
  submitLabel,
  create,
  input,
  onCreated,
  fieldNames,
  gridClassName,
  submitInline = false,
  children,
}: {
  title: string;
  description?: string;
  /** The form's accessible name. */
  formLabel: string;
  /** How the new secret is announced, before its name: "Your new token". */
  secretLabel: string;
  submitLabel: string;
  create: CreateMutation<I>;
  /** The request, from the page's field values. */
  input: () => I;
  /** After a success (the secret is shown): e.g. clear the name. */
  onCreated: () => void;
  /** The fields shown, so their 422 messages are not repeated above the form. */
  fieldNames: readonly string[];
  gridClassName: string;
  /** The submit button as the grid's last cell (one row on wide screens), else right-aligned below it. */
  submitInline?: boolean;
  children: ReactNode;
}) {
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const { form, submit } = useMutationForm(create, input, (token) => {
    setCreated(token);
    onCreated();
    create.reset();
  });
  const button = (
    <Button type="submit" pending={create.isPending} className={submitInline ? "sm:mt-7" : undefined}>
      {submitLabel}
    </Button>
  );

  return (
    <Card className="mb-6">
      <CardHeader title={title} description={description} />
      <div className="space-y-4 px-5 py-5">
        {created && (
          <NewSecret
            label={`${secretLabel} “${created.name}”`}
            secret={created.token}
            onDismiss={() => {
              // The secret goes away with the focused Done button: back to the form, for another one.
              setCreated(null);
              form.current?.querySelector<HTMLElement>("input, select")?.focus();
            }}
          />
        )}
        <form ref={form} onSubmit={submit} noValidate className="space-y-4" aria-label={formLabel}>
          <FormError message={formErrorMessage(create.error, fieldNames)} />
          <div className={gridClassName}>
            {children}
            {submitInline && button}
          </div>
          {!submitInline && <div className="flex justify-end">{button}</div>}
        </form>
      </div>
    </Card>
  );
}
