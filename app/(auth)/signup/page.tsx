import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { env } from "@/lib/env";

export const metadata: Metadata = { title: "Create an account · Ledgerlink" };
// SIGNUP is the running server's setting, not the build's.
export const dynamic = "force-dynamic";

const NOT_OPEN = {
  invite: "Accounts on this server are by invitation: ask an admin of your organisation to invite you by email.",
  closed: "This server takes no new accounts. Ask its operator if you need one.",
} as const;

export default function SignUpPage() {
  if (env.SIGNUP !== "open") {
    return (
      <>
        <h1 className="mb-1 text-xl font-semibold text-slate-900">Create your account</h1>
        <p className="mb-6 text-sm text-slate-600">{NOT_OPEN[env.SIGNUP]}</p>
        <AppLink href="/signin" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
          Sign in
        </AppLink>
      </>
    );
  }
  return (
    <>
      <h1 className="mb-1 text-xl font-semibold text-slate-900">Create your account</h1>
      <p className="mb-6 text-sm text-slate-600">You get your own workspace right away; invite others later.</p>
      <SignUpForm />
    </>
  );
}
