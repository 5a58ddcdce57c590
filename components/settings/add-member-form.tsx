"use client";
import { ROLE_OPTIONS } from "@/components/settings/options";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { fieldError, formErrorMessage, isApiCallError } from "@/lib/client/errors";
import { useAddMember } from "@/lib/client/hooks";
import type { Role } from "@/lib/client/api-client";
import { useMutationForm } from "@/components/ui/use-mutation-form";
import { useFields } from "@/components/ui/use-fields";

export function AddMemberForm() {
  const add = useAddMember();
  const toast = useToast();
  const { values, set, bind } = useFields<{ email: string; role: Role }>({ email: "", role: "member" }, (field) =>
    fieldError(add.error, field),
  );

  const { form, submit } = useMutationForm(
    add,
    () => values,
    (member) => {
      toast.success(`${member.name} added as ${member.role}.`);
      set("email", "");
      add.reset();
    },
  );

  // 404: no account with that email; 409: already a member. Both belong next to the email field.
  const emailError =
    fieldError(add.error, "email") ??
    (isApiCallError(add.error) && (add.error.status === 404 || add.error.status === 409)
      ? add.error.status === 404
        ? "No Ledgerlink account uses this email. Ask them to sign up first, then add them here."
        : "This person is already a member of this scope."
      : undefined);
  const formError =
    isApiCallError(add.error) && (add.error.status === 404 || add.error.status === 409)
      ? null
      : formErrorMessage(add.error, ["email", "role"]);

  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-4 px-5 py-5" aria-label="Add a member">
      <FormError message={formError} />
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <TextField
          label="Email address"
          type="email"
          placeholder="colleague@example.com"
          {...bind("email")}
          error={emailError}
          hint={emailError ? undefined : "They need a Ledgerlink account already."}
        />
        <SelectField label="Role" options={ROLE_OPTIONS} {...bind("role")} />
        <Button type="submit" pending={add.isPending} className="sm:mt-7">
          Add member
        </Button>
      </div>
    </form>
  );
}
