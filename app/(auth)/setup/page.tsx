import type { Metadata } from "next";
import { SetupForm } from "@/components/auth/setup-form";

export const metadata: Metadata = { title: "Set up Ledgerlink" };

// The one-time setup link lands here (`/setup#<secret>`): the secret stays in the fragment, which the
// browser never sends to the server; the form posts it once.
export default function SetupPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Set up Ledgerlink</h1>
      <p className="mb-6 text-sm text-slate-600">
        Create the administrator account and name your organisation. This link works once.
      </p>
      <SetupForm />
    </>
  );
}
