"use client";
// The frame the sign-in, sign-up, setup, password-reset and invitation forms share: the form-level error (which describes the form), the
// fields, a full-width submit that says what is happening, and the way to the other form; and the
// state behind it (useAuthForm).
import { AppLink } from "@/components/ui/app-link";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useFields } from "@/components/ui/use-fields";
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
  resetRequest: {
    submitLabel: "Send the reset link",
    pendingLabel: "Sending…",
    other: { question: "Remembered it?", href: "/signin", label: "Sign in" },
  },
  reset: {
    submitLabel: "Set the new password",
    pendingLabel: "Setting your password…",
    other: { question: "Remembered it?", href: "/signin", label: "Sign in" },
  },
  invite: {
    submitLabel: "Join",
    pendingLabel: "Creating your account…",
    other: { question: "Already have an account?", href: "/signin", label: "Sign in" },
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
        <AppLink href={other.href} className="font-medium text-indigo-600 hover:text-indigo-500">
          {other.label}
        </AppLink>
      </p>
    </form>
  );
}

export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/**
 * What the three forms keep: their values, the errors shown (the form's own `check` before anything
 * is sent, then the server's) and whether a send is under way. `submit(send)` runs `send` once the
 * check passes; the errors it returns are shown and the form is usable again (null: it moved on).
 */
export function useAuthForm<V extends Record<string, string>>(
  initial: V,
  check: (values: V) => FormErrors<keyof V & string>,
) {
  const [errors, setErrors] = useState<FormErrors<keyof V & string>>({});
  const [pending, setPending] = useState(false);
  const { values, bind } = useFields(initial, (field) => errors[field]);
  const submit = (send: (values: V) => Promise<FormErrors<keyof V & string> | null>) => async () => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const failed = await send(values);
    if (!failed) return;
    setErrors(failed);
    setPending(false);
  };
  return { values, bind, errors, pending, submit };
}
