// Public: where the bank sends the account holder back after a connection started through the API
// without a returnTo. The holder may have no account with us, so this page needs no sign-in: it
// says the outcome and that the window can be closed.
import type { Metadata } from "next";

export const metadata: Metadata = { title: "Bank connection · Ledgerlink" };

const TITLES: Record<string, string> = {
  valid: "Your bank is connected",
  pending: "Approved; your bank is still confirming",
  rejected: "The connection was not approved",
};

const DETAILS: Record<string, string> = {
  valid: "The accounts you chose at your bank are shared. Nothing more is needed from you.",
  pending: "This usually takes a few seconds; nothing more is needed from you.",
};

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const one = (key: string) => {
    const value = params[key];
    return typeof value === "string" ? value : null;
  };
  const failed = one("outcome") === "error";
  const status = one("status");
  const title = failed
    ? "We could not finish connecting your bank"
    : (TITLES[status ?? ""] ?? `The connection is ${status ?? "unknown"}`);
  const detail = failed
    ? "Nothing was changed. Ask whoever sent you here to start the connection again."
    : (DETAILS[status ?? ""] ??
      "No access was granted. If this was a mistake, ask whoever sent you here to start again.");
  return (
    <main className="mx-auto max-w-lg px-4 py-16">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" role="status">
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">{detail}</p>
        <p className="mt-4 text-sm font-medium text-slate-800">You can close this window.</p>
      </div>
    </main>
  );
}
