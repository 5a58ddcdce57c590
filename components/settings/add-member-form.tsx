"use client";
import { useState } from "react";
import { ROLE_OPTIONS } from "@/components/settings/options";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { fieldError, formErrorMessage, isApiError } from "@/lib/client/errors";
import { useAddMember } from "@/lib/client/hooks";
import type { Role } from "@/lib/client/api-client";
import { submitMutation } from "@/components/ui/submit-mutation";

export function AddMemberForm() {
  const add = useAddMember();
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");

  const submit = submitMutation(
    add,
    () => ({ email, role }),
    (member) => {
      toast.success(`${member.name} added as ${member.role}.`);
      setEmail("");
      add.reset();
    },
  );

  // 404: no account with that email; 409: already a member. Both belong next to the email field.
  const emailError =
    fieldError(add.error, "email") ??
    (isApiError(add.error) && (add.error.status === 404 || add.error.status === 409)
      ? add.error.status === 404
        ? "No Ledgerlink account uses this email. Ask them to sign up first, then add them here."
        : "This person is already a member of this scope."
      : undefined);
  const formError =
    isApiError(add.error) && (add.error.status === 404 || add.error.status === 409)
      ? null
      : formErrorMessage(add.error, ["email", "role"]);

  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 py-5" aria-label="Add a member">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <TextField
          label="Email address"
          name="email"
          type="email"
          placeholder="colleague@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
          hint={emailError ? undefined : "They need a Ledgerlink account already."}
        />
        <SelectField
          label="Role"
          name="role"
          options={ROLE_OPTIONS}
          value={role}
          onChange={(e) => setRole(e.target.value as Role)}
          error={fieldError(add.error, "role")}
        />
        <Button type="submit" pending={add.isPending} className="sm:mt-7">
          Add member
        </Button>
      </div>
    </form>
  );
}
