"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage, isApiError } from "@/lib/client/errors";

const FIELDS = ["name", "email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | "form", string>>;

function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.name.trim()) errors.name = "Enter your name.";
  if (!values.email.trim()) errors.email = "Enter your email address.";
  else if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) errors.email = "Enter a valid email address.";
  if (values.password.length < 10) errors.password = "Use at least 10 characters.";
  return errors;
}

export function SignUpForm() {
  const router = useRouter();
  const { client } = useApi();
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", password: "" });
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
    error: errors[field],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;

    setPending(true);
    try {
      await client.signUp({ name: values.name.trim(), email: values.email.trim(), password: values.password });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setErrors({ email: "An account with this email already exists. Sign in instead." });
      } else {
        setErrors({
          name: fieldError(error, "name"),
          email: fieldError(error, "email"),
          password: fieldError(error, "password"),
          form: formErrorMessage(error, FIELDS) ?? undefined,
        });
      }
      setPending(false);
      return;
    }
    const result = await signIn("credentials", {
      email: values.email.trim(),
      password: values.password,
      redirect: false,
    });
    if (!result || result.error) {
      router.replace("/signin");
      return;
    }
    router.replace("/dashboard");
    router.refresh();
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-5"
      aria-describedby={errors.form ? "signup-error" : undefined}
    >
      <FormError id="signup-error" message={errors.form} />
      <TextField label="Your name" autoComplete="name" required maxLength={120} {...bind("name")} />
      <TextField label="Email" type="email" autoComplete="email" required {...bind("email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters. A short sentence works well."
        {...bind("password")}
      />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Creating your account…" : "Create account"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link href="/signin" className="font-medium text-indigo-600 hover:text-indigo-500">
          Sign in
        </Link>
      </p>
    </form>
  );
}
