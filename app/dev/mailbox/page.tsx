import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/env";
import { keptMail } from "@/lib/mail/dev-mailbox";

export const metadata: Metadata = { title: "Dev mailbox · Ledgerlink", robots: { index: false } };
export const dynamic = "force-dynamic";

// The mail this server would have sent, newest first (lib/mail/dev-mailbox.ts): only without
// SMTP_URL and never in production, where this page does not exist.
export default function DevMailboxPage() {
  if (env.LAUNCH_MODE === "production" || env.SMTP_URL) notFound();
  const mail = keptMail();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-xl font-semibold text-slate-900">Dev mailbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        SMTP_URL is not set, so mail this server sends is kept here (and printed to its console). Demo only.
      </p>
      {mail.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">No mail yet.</p>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Mail">
          {mail.map((m) => (
            <li key={m.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-sm font-medium text-slate-900">{m.subject}</p>
              <p className="text-xs text-slate-600">
                To <span data-testid="mail-to">{m.to}</span> · {m.sentAt.toISOString()}
              </p>
              <p className="mt-2 text-sm">
                <a href={m.link} className="break-all font-medium text-indigo-600 hover:text-indigo-500">
                  {m.link}
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
