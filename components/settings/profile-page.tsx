"use client";
// Settings → Profile: who you are signed in as, changing your password (the current one first), and
// signing out every other session (lib/auth/credentials-generation.ts).
// After a refused change, focus goes to the field to fix; after a change, to the message saying so.
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardHeader, PageHeader } from "@/components/ui/card";
import { FormError, TextField } from "@/components/ui/field";
import { useFields } from "@/components/ui/use-fields";
import { useFocusFirstError, useFocusOn } from "@/components/ui/use-focus-on";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage } from "@/lib/client/errors";
import { useMe } from "@/lib/client/hooks";
import { useMutation } from "@tanstack/react-query";

const FIELDS = ["currentPassword", "newPassword"];

function PasswordForm() {
  const { client } = useApi();
  const change = useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) => client.changePassword(input),
  });
  const [mismatch, setMismatch] = useState(false);
  const [done, setDone] = useState<number | null>(null);
  const { values, bind, reset } = useFields({ currentPassword: "", newPassword: "", repeat: "" }, (field) =>
    field === "repeat" ? (mismatch ? "The two new passwords differ." : undefined) : fieldError(change.error, field),
  );
  const form = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useFocusFirstError(form, change.error ?? (mismatch ? "mismatch" : null));
  useFocusOn(doneRef, done);
  // An error is about the attempt it answered: the next attempt, or an edit, starts without it.
  const clearErrors = () => {
    if (change.error) change.reset();
    setMismatch(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    clearErrors();
    if (values.newPassword !== values.repeat) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          reset();
          setDone((n) => (n ?? 0) + 1);
        },
      },
    );
  };
  return (
    <form
      ref={form}
      onSubmit={submit}
      onChange={clearErrors}
      noValidate
      className="space-y-4 px-5 py-5"
      aria-label="Change your password"
    >
      {done !== null && (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          Your password is changed. Use it the next time you sign in.
        </p>
      )}
      <FormError message={formErrorMessage(change.error, FIELDS)} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...bind("currentPassword")}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 10 characters."
        {...bind("newPassword")}
      />
      <TextField label="New password again" type="password" autoComplete="new-password" {...bind("repeat")} />
      <Button type="submit" pending={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

function SignOutEverywhere() {
  const { client } = useApi();
  const end = useMutation({ mutationFn: () => client.signOutEverywhere() });
  const doneRef = useRef<HTMLParagraphElement>(null);
  useFocusOn(doneRef, end.isSuccess ? end.submittedAt : null);
  return (
    <div className="space-y-4 px-5 py-5">
      {end.isSuccess && (
        <p
          ref={doneRef}
          tabIndex={-1}
          role="status"
          className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          Every other browser and every app sign-in is signed out. This browser stays signed in.
        </p>
      )}
      <FormError message={formErrorMessage(end.error)} />
      <Button type="button" variant="secondary" pending={end.isPending} onClick={() => end.mutate()}>
        Sign out everywhere
      </Button>
    </div>
  );
}

export function ProfilePage() {
  const me = useMe();
  const user = me.data?.user;
  return (
    <>
      <PageHeader title="Profile" description="Who you are signed in as, your password and your sessions." />
      <div className="space-y-6">
        <Card>
          <CardHeader title="You" />
          <dl className="grid gap-4 px-5 py-5 sm:grid-cols-2">
            <div>
              <dt className="text-xs text-slate-600">Name</dt>
              <dd className="mt-1 text-sm text-slate-900">{user?.name ?? "—"}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Email</dt>
              <dd className="mt-1 break-all text-sm text-slate-900">{user?.email ?? "—"}</dd>
            </div>
          </dl>
        </Card>
        <Card>
          <CardHeader
            title="Password"
            description="You sign in with it in the browser. Changing it signs out every other browser and every app that signed in with it; this browser stays signed in. Personal access tokens and API keys keep working; revoke them under Tokens and API keys if you need to."
          />
          <PasswordForm />
        </Card>
        <Card>
          <CardHeader
            title="Sessions"
            description="Signs out every other browser and every app that signed in with your password, at once. This browser stays signed in. Personal access tokens and API keys are not ended: revoke them under Tokens and API keys."
          />
          <SignOutEverywhere />
        </Card>
      </div>
    </>
  );
}
