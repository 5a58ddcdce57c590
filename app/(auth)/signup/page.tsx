import type { Metadata } from "next";
import { SignUpForm } from "@/components/auth/sign-up-form";

export const metadata: Metadata = { title: "Create an account · Ledgerlink" };

export default function SignUpPage() {
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Create your account</h1>
      <p className="mb-6 text-sm text-slate-600">You get your own workspace right away; invite others later.</p>
      <SignUpForm />
    </>
  );
}
