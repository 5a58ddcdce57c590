"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { AuthForm } from "@/components/auth/auth-form";
import { safeNext } from "@/components/auth/safe-next";
import { TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";

type Errors = { email?: string; password?: string; form?: string };

export function SignInForm({ next }: { next?: string }) {
  const router = useRouter();
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const { values, bind } = useFields({ email: "", password: "" }, (field) => errors[field]);

  async function submit() {
    const { email, password } = values;
    const found: Errors = {};
    if (!email.trim()) found.email = "Enter your email address.";
    if (!password) found.password = "Enter your password.";
    setErrors(found);
    if (found.email || found.password) return;

    setPending(true);
    try {
      const result = await signIn("credentials", { email: email.trim(), password, redirect: false });
      if (!result || result.error) {
        setErrors({ form: "That email and password do not match an account. Check them and try again." });
        setPending(false);
        return;
      }
      router.replace(safeNext(next));
      router.refresh();
    } catch {
      setErrors({ form: "Could not reach Ledgerlink. Check your connection and try again." });
      setPending(false);
    }
  }

  return (
    <AuthForm kind="signin" error={errors.form} onSubmit={submit} pending={pending}>
      <TextField label="Email" type="email" autoComplete="email" required {...bind("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...bind("password")} />
    </AuthForm>
  );
}
