"use client";
// A bank's logo where its integration gives one (a plain <img>: the page CSP's img-src allows the
// integrations' logo hosts, lib/server/bank-logo-origins.ts), else its initials; a logo that fails to
// load falls back to the initials too.
import { useState } from "react";
import type { Bank } from "@/lib/client/accounttracking";

const SIZE = 36;

function initials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  const letters = words.length > 1 ? words[0][0] + words[1][0] : name.slice(0, 2);
  return letters.toUpperCase();
}

export function BankLogo({ bank }: { bank: Pick<Bank, "name" | "logoUrl"> }) {
  const [failed, setFailed] = useState(false);
  if (bank.logoUrl && !failed)
    return (
      <img
        src={bank.logoUrl}
        width={SIZE}
        height={SIZE}
        alt={`${bank.name} logo`}
        loading="lazy"
        className="h-9 w-9 shrink-0 rounded-md bg-white object-contain"
        onError={() => setFailed(true)}
      />
    );
  return (
    <span
      aria-hidden
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-slate-800 text-xs font-semibold text-white"
    >
      {initials(bank.name)}
    </span>
  );
}
