"use client";
import { useRouter } from "next/navigation";
import { AuthForm, useAuthForm } from "@/components/auth/auth-form";
import { ACCOUNT_FIELDS, AccountFields, accountErrors, signInNewAccount } from "@/components/auth/new-account";
import { useApi } from "@/lib/client/api-context";
import { formErrors, isApiCallError } from "@/lib/client/errors";

export function SignUpForm() {
  const router = useRouter();
  const { client } = useApi();
  const { bind, errors, pending, submit } = useAuthForm({ name: "", email: "", password: "" }, accountErrors);

  const signUp = submit(async (values) => {
    const email = values.email.trim();
    try {
      await client.signUp({ name: values.name.trim(), email, password: values.password });
    } catch (error) {
      return isApiCallError(error) && error.status === 409
        ? { email: "An account with this email already exists. Sign in instead." }
        : formErrors(error, ACCOUNT_FIELDS);
    }
    await signInNewAccount(router, { email, password: values.password });
    return null;
  });

  return (
    <AuthForm kind="signup" error={errors.form} onSubmit={signUp} pending={pending}>
      <AccountFields bind={bind} />
    </AuthForm>
  );
}
