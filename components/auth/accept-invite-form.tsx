"use client";
// Redeems an invitation (its secret is the URL fragment): the invited person names themselves and
// chooses a password; the email is the one the admin invited. Then signs them in.
import { useRouter } from "next/navigation";
import { AuthForm, useAuthForm, type FormErrors } from "@/components/auth/auth-form";
import { NewPasswordField, signInNewAccount } from "@/components/auth/new-account";
import { useFragmentSecret } from "@/components/auth/use-fragment-secret";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { formErrors, isApiCallError } from "@/lib/client/errors";

const FIELDS = ["name", "password"] as const;
const NO_LINK = "This page needs the invitation link from your mail (it ends with #…). Ask the admin for a new one.";

function validate(values: Record<(typeof FIELDS)[number], string>): FormErrors<(typeof FIELDS)[number]> {
  return {
    ...(!values.name.trim() && { name: "Enter your name." }),
    ...(values.password.length < 10 && { password: "Use at least 10 characters." }),
  };
}

export function AcceptInviteForm() {
  const router = useRouter();
  const { client } = useApi();
  const token = useFragmentSecret();
  const { bind, errors, pending, submit } = useAuthForm({ name: "", password: "" }, (values) =>
    token ? validate(values) : { form: NO_LINK },
  );

  const join = submit(async (values) => {
    let email: string;
    try {
      const joined = await client.acceptInvite({
        token: token ?? "",
        name: values.name.trim(),
        password: values.password,
      });
      email = joined.user.email;
    } catch (error) {
      return isApiCallError(error) && [403, 409, 410].includes(error.status)
        ? { form: error.message }
        : formErrors(error, FIELDS);
    }
    await signInNewAccount(router, { email, password: values.password });
    return null;
  });

  return (
    <AuthForm kind="invite" error={token === "" ? NO_LINK : errors.form} onSubmit={join} pending={pending}>
      <TextField label="Your name" autoComplete="name" required maxLength={120} {...bind("name")} />
      <NewPasswordField {...bind("password")} />
    </AuthForm>
  );
}
