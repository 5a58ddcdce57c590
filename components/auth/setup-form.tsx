"use client";
// Redeems a one-time setup link (its secret is the URL fragment), then signs the new admin in.
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useEffect, useState } from "react";
import { AuthForm } from "@/components/auth/auth-form";
import { TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage, isApiCallError } from "@/lib/client/errors";

const FIELDS = ["organisationName", "name", "email", "password"] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field | "form", string>>;

const NO_LINK =
  "This page needs the setup link the server printed (it ends with #…). Ask the operator to run npm run admin:create -- <email>.";

function validate(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.organisationName.trim()) errors.organisationName = "Name your organisation.";
  if (!values.name.trim()) errors.name = "Enter your name.";
  if (!/^\S+@\S+\.\S+$/.test(values.email.trim())) errors.email = "Enter a valid email address.";
  if (values.password.length < 10) errors.password = "Use at least 10 characters.";
  return errors;
}

export function SetupForm() {
  const router = useRouter();
  const { client } = useApi();
  const [token, setToken] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const { values, bind } = useFields(
    { organisationName: "", name: "", email: "", password: "" },
    (field) => errors[field],
  );

  // The fragment exists only in the browser; read it once and take it out of the address bar.
  useEffect(() => {
    const secret = window.location.hash.slice(1);
    if (secret) window.history.replaceState(null, "", window.location.pathname);
    setToken(secret || "");
  }, []);

  async function submit() {
    if (!token) {
      setErrors({ form: NO_LINK });
      return;
    }
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    const email = values.email.trim();
    try {
      await client.redeemSetupLink({
        token,
        email,
        password: values.password,
        name: values.name.trim(),
        organisationName: values.organisationName.trim(),
      });
    } catch (error) {
      setPending(false);
      if (isApiCallError(error) && error.status === 410) {
        setErrors({ form: error.message });
        return;
      }
      setErrors({
        ...Object.fromEntries(FIELDS.map((f) => [f, fieldError(error, f)])),
        form: formErrorMessage(error, FIELDS) ?? undefined,
      });
      return;
    }
    const result = await signIn("credentials", { email, password: values.password, redirect: false });
    router.replace(!result || result.error ? "/signin" : "/dashboard");
    router.refresh();
  }

  return (
    <AuthForm kind="setup" error={token === "" ? NO_LINK : errors.form} onSubmit={submit} pending={pending}>
      <TextField
        label="Organisation"
        autoComplete="organization"
        required
        maxLength={120}
        {...bind("organisationName")}
      />
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
