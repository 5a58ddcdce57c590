"use client";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { AuthForm, useAuthForm } from "@/components/auth/auth-form";
import { safeNext } from "@/components/auth/safe-next";
import { TextField } from "@/components/ui/field";

export function SignInForm({ next }: { next?: string }) {
  const router = useRouter();
  const { bind, errors, pending, submit } = useAuthForm({ email: "", password: "" }, ({ email, password }) => ({
    ...(!email.trim() && { email: "Enter your email address." }),
    ...(!password && { password: "Enter your password." }),
  }));

  const signInWith = submit(async ({ email, password }) => {
    try {
      const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
      if (!result || result.error)
        return { form: "That email and password do not match an account. Check them and try again." };
    } catch {
      return { form: "Could not reach Ledgerlink. Check your connection and try again." };
    }
    router.replace(safeNext(next));
    router.refresh();
    return null;
  });

  return (
    <AuthForm kind="signin" error={errors.form} onSubmit={signInWith} pending={pending}>
      <TextField label="Email" type="email" autoComplete="email" required {...bind("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...bind("password")} />
      <p className="-mt-3 text-right text-sm">
        <AppLink href="/reset-password" className="font-medium text-indigo-600 hover:text-indigo-500">
          Forgot your password?
        </AppLink>
      </p>
    </AuthForm>
  );
}
