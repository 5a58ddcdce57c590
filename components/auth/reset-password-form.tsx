"use client";
// Password reset, both halves on one page: without a link's secret in the fragment, asking for a
// link by email (the answer is the same whether or not the email has an account); with one, setting
// the new password, after which every session has ended and the person signs in with it.
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { AuthForm, useAuthForm } from "@/components/auth/auth-form";
import { NewPasswordField } from "@/components/auth/new-account";
import { useFragmentSecret } from "@/components/auth/use-fragment-secret";
import { TextField } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { formErrors, isApiCallError } from "@/lib/client/errors";

function Done({ children }: { children: string }) {
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {children}
      </p>
      <AppLink href="/signin" className="block text-center text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Go to sign in
      </AppLink>
    </div>
  );
}

function RequestLink() {
  const { client } = useApi();
  const [sent, setSent] = useState(false);
  const { bind, errors, pending, submit } = useAuthForm({ email: "" }, ({ email }) =>
    email.trim() ? {} : { email: "Enter your email address." },
  );
  const send = submit(async ({ email }) => {
    try {
      await client.requestPasswordReset({ email: email.trim() });
    } catch (error) {
      return formErrors(error, ["email"]);
    }
    setSent(true);
    return null;
  });
  if (sent)
    return (
      <Done>
        If an account uses that email, a link to set a new password is on its way. It works once, for 30 minutes.
      </Done>
    );
  return (
    <AuthForm kind="resetRequest" error={errors.form} onSubmit={send} pending={pending}>
      <TextField label="Email" type="email" autoComplete="email" required {...bind("email")} />
    </AuthForm>
  );
}

function SetPassword({ token }: { token: string }) {
  const { client } = useApi();
  const [done, setDone] = useState(false);
  const { bind, errors, pending, submit } = useAuthForm({ newPassword: "" }, ({ newPassword }) =>
    newPassword.length < 10 ? { newPassword: "Use at least 10 characters." } : {},
  );
  const reset = submit(async ({ newPassword }) => {
    try {
      await client.resetPassword({ token, newPassword });
    } catch (error) {
      return isApiCallError(error) && error.status === 410
        ? { form: error.message }
        : formErrors(error, ["newPassword"]);
    }
    setDone(true);
    return null;
  });
  if (done) return <Done>Your password is set, and every session was signed out. Sign in with the new password.</Done>;
  return (
    <AuthForm kind="reset" error={errors.form} onSubmit={reset} pending={pending}>
      <NewPasswordField label="New password" {...bind("newPassword")} />
    </AuthForm>
  );
}

export function ResetPasswordForm() {
  const token = useFragmentSecret();
  if (token === null) return null;
  return token ? <SetPassword token={token} /> : <RequestLink />;
}
