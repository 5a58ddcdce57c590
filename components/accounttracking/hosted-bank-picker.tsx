"use client";
// The hosted bank picker's interactive part: the Connect page's country/search/bank choice
// (BankChoice), fed by the page (a new country reloads it with that country's banks), and a
// button that asks our server to start the consent at the chosen bank, then follows it there.
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { BankChoice } from "@/components/accounttracking/bank-picker";
import { StickyContinue } from "@/components/accounttracking/sticky-continue";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/field";
import type { Bank, Country } from "@/lib/client/accounttracking";

type Props = { token: string; countries: Country[]; banks: Bank[]; country: string | null };

const loaded = <T,>(data: T, isPending = false) => ({ data, isPending, isError: false, error: null });

export function HostedBankPicker({ token, countries, banks, country }: Props) {
  const router = useRouter();
  const [loading, startLoading] = useTransition();
  const [bank, setBank] = useState<Bank | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onCountry = (code: string) => {
    setBank(null);
    startLoading(() => router.replace(`?${new URLSearchParams({ country: code })}`, { scroll: false }));
  };

  const onContinue = async () => {
    if (!bank) return;
    setSending(true);
    setError(null);
    try {
      const answer = await fetch(`/choose-bank/${encodeURIComponent(token)}/continue`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ bankId: bank.bankId }),
      });
      const body = (await answer.json()) as { data?: { authorizationUrl: string }; error?: { message: string } };
      if (answer.ok && body.data) {
        window.location.assign(body.data.authorizationUrl);
        return;
      }
      setError(body.error?.message ?? "Something went wrong. Try again.");
    } catch {
      setError("We could not reach Ledgerlink. Check your connection and try again.");
    }
    setSending(false);
  };

  return (
    <div className="space-y-5">
      <BankChoice
        countries={loaded(countries)}
        banks={loaded(banks, loading)}
        country={country}
        onCountry={onCountry}
        selected={bank}
        onSelect={setBank}
      />
      <FormError message={error} />
      <StickyContinue>
        <Button disabled={!bank} pending={sending} onClick={() => void onContinue()}>
          {bank ? `Continue to ${bank.name}` : "Continue to your bank"}
        </Button>
      </StickyContinue>
    </div>
  );
}
