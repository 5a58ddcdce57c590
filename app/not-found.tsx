// Any URL that names no page: a page of ours with a way back, not the framework's bare "404".
import type { Metadata } from "next";
import { AppLink } from "@/components/ui/app-link";
import { ButtonLink } from "@/components/ui/button";
import { Logo } from "@/components/ui/logo";

export const metadata: Metadata = { title: "Page not found · Ledgerlink" };

export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center px-6 py-16">
      <AppLink href="/" className="flex items-center gap-2 self-start rounded">
        <Logo size="medium" />
      </AppLink>
      <p className="mt-10 text-sm font-medium text-indigo-700">404</p>
      <h1 className="mt-1 text-3xl font-semibold tracking-tight text-slate-900">This page does not exist</h1>
      <p className="mt-3 text-slate-600">
        The link may be old or mistyped. Nothing was changed. Your accounts, connections and settings are where you left
        them.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink href="/dashboard">Go to the dashboard</ButtonLink>
        <ButtonLink href="/accounts" variant="secondary">
          Accounts
        </ButtonLink>
        <ButtonLink href="/docs" variant="secondary">
          API reference
        </ButtonLink>
      </div>
    </main>
  );
}
