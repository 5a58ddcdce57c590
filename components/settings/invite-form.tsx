"use client";
// Settings → Members: invite someone who has no account yet. The link is mailed to them and shown
// here once (the admin may pass it on); it works once, for 7 days. Refused when the server's SIGNUP
// is closed (the server's message says so).
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError, SelectField, TextField } from "@/components/ui/field";
import { useApi } from "@/lib/client/api-context";
import { fieldError, formErrorMessage } from "@/lib/client/errors";

const INVITED_ROLES = [
  { value: "member", label: "Member" },
  { value: "viewer", label: "Viewer" },
] as const;

export function InviteForm() {
  const { client } = useApi();
  const invite = useMutation({
    mutationFn: (input: { email: string; role: "member" | "viewer" }) => client.createInvite(input),
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"member" | "viewer">("member");
  const linkRef = useRef<HTMLInputElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate({ email: email.trim(), role }, { onSuccess: () => setEmail("") });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 px-5 py-5" aria-label="Invite by email">
      <FormError message={formErrorMessage(invite.error, ["email", "role"])} />
      {invite.data && (
        <div role="status" className="space-y-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          <p>
            {invite.data.email} is invited as {invite.data.role}; the link is on its way by mail. It is shown here this
            once, in case you want to pass it on yourself:
          </p>
          <input
            ref={linkRef}
            readOnly
            aria-label="Invitation link"
            value={invite.data.link}
            onFocus={() => linkRef.current?.select()}
            className="w-full rounded border border-emerald-200 bg-white px-2 py-1 font-mono text-xs"
          />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start">
        <TextField
          label="Email address to invite"
          type="email"
          placeholder="new.colleague@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={fieldError(invite.error, "email")}
          hint="For someone without an account. The link works once, for 7 days."
        />
        <SelectField
          label="Role"
          options={[...INVITED_ROLES]}
          value={role}
          onChange={(e) => setRole(e.target.value === "viewer" ? "viewer" : "member")}
        />
        <Button type="submit" pending={invite.isPending} className="sm:mt-7">
          Send invitation
        </Button>
      </div>
    </form>
  );
}
