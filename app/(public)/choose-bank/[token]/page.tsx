// Public: the hosted bank picker. initiate-redirect without a bank sends the account holder here
// (through a signed link bound to that redirect); they choose a country and a bank, and continue to
// that bank's approval page. No sign-in: the holder may have no account with us.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { acceptLanguages, localeCountry } from "@/components/accounttracking/locale-country";
import { HostedBankPicker } from "@/components/accounttracking/hosted-bank-picker";
import { countriesWithBanks } from "@/lib/accounttracking/consents/bank-directory";
import { openPicker, type PickerRefusal } from "@/lib/accounttracking/consents/bank-picker";
import { bankHints, publicHints, withHints, type PickerBank } from "@/lib/accounttracking/consents/bank-hints";
import { prisma } from "@/lib/db/client";

export const metadata: Metadata = { title: "Choose your bank · Ledgerlink", referrer: "no-referrer" };

const REFUSALS: Record<PickerRefusal, string> = {
  unknown: "This link is not valid.",
  expired: "This link has expired.",
  used: "This link was already used.",
  not_pending: "This connection is no longer waiting for a bank.",
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </main>
  );
}

export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const opened = await openPicker(token);
  if (!opened.ok) {
    return (
      <Frame>
        <div role="status">
          <h1 className="text-lg font-semibold text-slate-900">{REFUSALS[opened.reason]}</h1>
          <p className="mt-2 text-sm text-slate-600">
            Nothing was changed. Ask whoever sent you here to start the connection again.
          </p>
          <p className="mt-4 text-sm font-medium text-slate-800">You can close this window.</p>
        </div>
      </Frame>
    );
  }
  const { integration, consent } = opened;
  const wanted = (await searchParams).country;
  let countries: Awaited<ReturnType<typeof countriesWithBanks>> = [];
  let banks: PickerBank[] = [];
  let country: string | null = null;
  let failed = false;
  try {
    countries = await countriesWithBanks([integration]);
    const asked = typeof wanted === "string" ? wanted.toUpperCase() : "";
    const offered = countries.map((c) => c.countryCode);
    // The country asked for, else the reader's own (their browser's languages), else the first.
    const own = localeCountry(acceptLanguages((await headers()).get("accept-language")), offered);
    country = offered.find((c) => c === asked) ?? own ?? offered[0] ?? null;
    const listed = country ? await integration.listBanks(country) : [];
    const hints = publicHints(await bankHints(prisma(), consent.scopeId));
    banks = withHints(
      listed.sort((a, b) => a.name.localeCompare(b.name)),
      hints,
    );
  } catch {
    failed = true;
  }
  return (
    <Frame>
      <h1 className="text-lg font-semibold text-slate-900">Choose your bank</h1>
      <p className="mt-2 mb-5 text-sm text-slate-600">
        You will be sent to your bank to log in and choose which accounts to share
        {consent.purpose === "account_list"
          ? " (the list of accounts only)"
          : " (accounts, balances and transactions)"}{" "}
        for {consent.expiryDays} days. You can withdraw access at your bank at any time.
      </p>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          The list of banks could not be loaded right now. Reload the page in a moment.
        </p>
      ) : (
        <HostedBankPicker key={country ?? ""} token={token} countries={countries} banks={banks} country={country} />
      )}
    </Frame>
  );
}
