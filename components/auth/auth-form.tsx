"use client";
// The frame the sign-in, sign-up and setup forms share: the form-level error (which describes the form), the
// fields, a full-width submit that says what is happening, and the way to the other form.
import Link from "next/link";
import { useId, useRef, type FormEvent, type ReactNode } from "react";
import { useFocusFirstError } from "@/components/ui/use-focus-on";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";

/** Each form's submit wording, and the link to the other form after its question. */
const FORMS = {
  signin: {
    submitLabel: "Sign in",
    pendingLabel: "Signing in…",
    other: { question: "New to Ledgerlink?", href: "/signup", label: "Create an account" },
  },
  signup: {
    submitLabel: "Create account",
    pendingLabel: "Creating your account…",
    other: { question: "Already have an account?", href: "/signin", label: "Sign in" },
  },
  setup: {
    submitLabel: "Create administrator",
    pendingLabel: "Creating the administrator…",
    other: { question: "Already set up?", href: "/signin", label: "Sign in" },
  },
};

export function AuthForm({
  kind,
  error,
  onSubmit,
  pending,
  children,
}: {
  kind: keyof typeof FORMS;
  error?: string;
  onSubmit: () => Promise<void>;
  pending: boolean;
  children: ReactNode;
}) {
  const { submitLabel, pendingLabel, other } = FORMS[kind];
  const errorId = useId();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <form ref={form} onSubmit={submit} noValidate className="space-y-5" aria-describedby={error ? errorId : undefined}>
      <FormError id={errorId} message={error} />
      {children}
      <Button type="submit" pending={pending} className="w-full">
        {pending ? pendingLabel : submitLabel}
      </Button>
      <p className="text-center text-sm text-slate-600">
        {other.question}{" "}
        <Link href={other.href} className="font-medium text-indigo-600 hover:text-indigo-500">
          {other.label}
        </Link>
      </p>
    </form>
  );
}
