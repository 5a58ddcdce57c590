// The recurring payments the generators make, per account: the truth detection is measured against
// (docs/recurring.md). A stream is named by its account, the counterpart's name as the bank sends it,
// its direction and period, and where one counterpart has two streams, its amount. Statuses are
// stated where the scenario fixes them (a stream that stopped, one late, an amount that changed).
import { accountsFor, type SandboxAccount } from "@/sandbox/bank/data/accounts";
import type { SandboxBank } from "@/sandbox/bank/data/banks";
import { COUNTRY_PARTIES } from "@/sandbox/bank/data/parties";
import { RECURRING_PARTIES as R } from "@/sandbox/bank/data/generate-recurring";
import { COMPANY_MONTHLY_DEBITS, companyEmployees } from "@/sandbox/bank/data/generate-company";
import { resolveUser } from "@/sandbox/bank/data/users";

export type TruthPeriod = "weekly" | "biweekly" | "monthly" | "quarterly" | "yearly";

export type TruthStream = {
  resourceId: string;
  label: string;
  direction: "in" | "out";
  period: TruthPeriod;
  /** The typical amount (absolute), where it tells two streams of one counterpart apart. */
  amount?: string;
  status?: "ended" | "amount_changed" | "late";
};

type Stream = Omit<TruthStream, "resourceId">;

const monthly = (label: string, direction: "in" | "out", more: Partial<Stream> = {}): Stream => ({
  label,
  direction,
  period: "monthly",
  ...more,
});

function streamsOf(account: SandboxAccount): Stream[] {
  const parties = COUNTRY_PARTIES[account.bank.countryCode as keyof typeof COUNTRY_PARTIES] ?? COUNTRY_PARTIES.BE;
  const owner = account.profile.ownerName;
  const has = (kind: keyof SandboxAccount["siblingIbans"]) => account.siblingIbans[kind] !== undefined;
  switch (account.kind) {
    case "private-current":
      if (account.profile.flavour === "recurring")
        return [
          monthly(R.employer, "in"),
          monthly(R.landlord, "out"),
          monthly(R.streaming, "out", { amount: "9.99" }),
          monthly(R.streaming, "out", { amount: "17.99" }),
          monthly(R.gym, "out", { status: "amount_changed" }),
          monthly(R.newspaper, "out", { status: "ended" }),
          { label: R.bakery, direction: "out", period: "weekly" },
          { label: R.mealBox, direction: "out", period: "weekly", status: "late" },
          { label: R.sitter, direction: "out", period: "biweekly" },
          { label: R.waterBoard, direction: "out", period: "quarterly" },
        ];
      if (account.profile.flavour !== "standard") return [];
      return [
        monthly(parties.employer.name, "in"),
        ...[parties.landlord, parties.insurer, parties.energy, parties.telecom].map((p) => monthly(p.name, "out")),
        ...(has("private-savings") ? [monthly(owner, "out")] : []),
      ];
    case "private-savings":
      return [monthly(owner, "in"), { label: account.bank.name, direction: "in", period: "quarterly" }];
    case "company-main":
      return [
        ...COMPANY_MONTHLY_DEBITS.map((name) => monthly(name, "out")),
        ...companyEmployees().map((name) => monthly(name, "out")),
        ...(has("company-reserve") ? [{ label: owner, direction: "out", period: "weekly" } as const] : []),
        ...(has("company-ops") ? [{ label: owner, direction: "out", period: "weekly" } as const] : []),
      ];
    case "company-ops":
      return [{ label: owner, direction: "in", period: "weekly" }, monthly("Travelcard Zakelijk B.V.", "out")];
    case "company-reserve":
      return [{ label: owner, direction: "in", period: "weekly" }, monthly(account.bank.name, "in")];
    default:
      return [];
  }
}

/** The recurring streams of a sandbox user's accounts at a bank (none for an unknown user). */
export function recurringTruth(bank: SandboxBank, userId: string): TruthStream[] {
  const user = resolveUser(userId);
  if (
    !user.ok ||
    user.profile.bulkCount !== null ||
    (user.profile.behaviour !== "approve" && user.profile.behaviour !== "recurring")
  )
    return [];
  return accountsFor(bank, user.profile).flatMap((account) =>
    streamsOf(account).map((s) => ({ resourceId: account.resourceId, ...s })),
  );
}
