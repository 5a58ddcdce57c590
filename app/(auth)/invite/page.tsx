import type { Metadata } from "next";
import { AcceptInviteForm } from "@/components/auth/accept-invite-form";

export const metadata: Metadata = { title: "Join · Ledgerlink" };

// An invitation's mailed link lands here (`/invite#<secret>`): the secret stays in the fragment,
// which the browser never sends to the server; the form posts it once.
export default function InvitePage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Join your team on Ledgerlink</h1>
      <p className="mb-6 text-sm text-slate-600">
        Name yourself and choose a password. Your account uses the email you were invited at.
      </p>
      <AcceptInviteForm />
    </>
  );
}
