"use client";
// What signing up and redeeming a setup link both ask of a new person (name, email, password),
// checked the same way before anything is sent, and what follows both: signing that person in.
import type { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { TextField } from "@/components/ui/field";
import type { FieldBinding } from "@/components/ui/use-fields";

export const ACCOUNT_FIELDS = ["name", "email", "password"] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** The person's fields as the server will judge them, said before sending. */
export function accountErrors(values: Record<AccountField, string>): Partial<Record<AccountField, string>> {
  const errors: Partial<Record<AccountField, string>> = {};
  if (!values.name.trim()) errors.name = "Enter your name.";
  if (!values.email.trim()) errors.email = "Enter your email address.";
  else if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) errors.email = "Enter a valid email address.";
  if (values.password.length < 10) errors.password = "Use at least 10 characters.";
  return errors;
}

export function AccountFields({ bind }: { bind: (field: AccountField) => FieldBinding }) {
  return (
    <>
      <TextField label="Your name" autoComplete="name" required maxLength={120} {...bind("name")} />
      <TextField label="Email" type="email" autoComplete="email" required {...bind("email")} />
      <NewPasswordField {...bind("password")} />
    </>
  );
}

/** A password being chosen (sign-up, setup, invitation, reset), with the rule said before sending. */
export function NewPasswordField({ label = "Password", ...binding }: FieldBinding & { label?: string }) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      required
      hint="At least 10 characters. A short sentence works well."
      {...binding}
    />
  );
}

/** Signs the new person in and opens their dashboard; the sign-in page if that fails. */
export async function signInNewAccount(
  router: ReturnType<typeof useRouter>,
  credentials: { email: string; password: string },
): Promise<void> {
  const result = await signIn("credentials", { ...credentials, redirect: false });
  router.replace(!result || result.error ? "/signin" : "/dashboard");
  router.refresh();
}
