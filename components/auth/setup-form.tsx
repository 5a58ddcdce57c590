"use client";
// Redeems a one-time setup link (its secret is the URL fragment), then signs the new admin in.
import { useRouter } from "next/navigation";
import { AuthForm, useAuthForm, type FormErrors } from "@/components/auth/auth-form";
import { ACCOUNT_FIELDS, AccountFields, accountErrors, signInNewAccount } from "@/components/auth/new-account";
import { useFragmentSecret } from "@/components/auth/use-fragment-secret";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { formErrors, isApiCallError } from "@/lib/client/errors";

const FIELDS = ["organisationName", ...ACCOUNT_FIELDS] as const;
type Field = (typeof FIELDS)[number];

const NO_LINK =
  "This page needs the setup link the server printed (it ends with #…). Ask the operator to run npm run admin:create -- <email>.";

function validate(values: Record<Field, string>): FormErrors<Field> {
  const errors: FormErrors<Field> = accountErrors(values);
  if (!values.organisationName.trim()) errors.organisationName = "Name your organisation.";
  return errors;
}

export function SetupForm() {
  const router = useRouter();
  const { client } = useApi();
  const token = useFragmentSecret();
  const { bind, errors, pending, submit } = useAuthForm(
    { organisationName: "", name: "", email: "", password: "" },
    (values) => (token ? validate(values) : { form: NO_LINK }),
  );

  const redeem = submit(async (values) => {
    const email = values.email.trim();
    try {
      await client.redeemSetupLink({
        token: token ?? "",
        email,
        password: values.password,
        name: values.name.trim(),
        organisationName: values.organisationName.trim(),
      });
    } catch (error) {
      return isApiCallError(error) && error.status === 410 ? { form: error.message } : formErrors(error, FIELDS);
    }
    await signInNewAccount(router, { email, password: values.password });
    return null;
  });

  return (
    <AuthForm kind="setup" error={token === "" ? NO_LINK : errors.form} onSubmit={redeem} pending={pending}>
      <TextField
        label="Organisation"
        autoComplete="organization"
        required
        maxLength={120}
        {...bind("organisationName")}
      />
      <AccountFields bind={bind} />
    </AuthForm>
  );
}
