import type { Metadata } from "next";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";

export const metadata: Metadata = { title: "Reset your password · Ledgerlink" };

// Asking for a reset link, and where the mailed link lands (`/reset-password#<secret>`): the secret
// stays in the fragment, which the browser never sends to the server; the form posts it once.
export default function ResetPasswordPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Reset your password</h1>
      <p className="mb-6 text-sm text-slate-600">
        We mail you a link to set a new one. Setting it signs you out everywhere.
      </p>
      <ResetPasswordForm />
    </>
  );
}
