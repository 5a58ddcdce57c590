"use client";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { AuthForm } from "@/components/auth/auth-form";
import { TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage, isApiCallError } from "@/lib/client/errors";

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
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const { values, bind } = useFields({ name: "", email: "", password: "" }, (field) => errors[field]);

  async function submit() {
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;

    setPending(true);
    try {
      await client.signUp({ name: values.name.trim(), email: values.email.trim(), password: values.password });
    } catch (error) {
      if (isApiCallError(error) && error.status === 409) {
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
    <AuthForm kind="signup" error={errors.form} onSubmit={submit} pending={pending}>
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
    </AuthForm>
  );
}
