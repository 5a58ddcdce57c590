// The accounts a consent exposes, kept as the bank last listed them (consent_accounts). Read at
// approval and when a person asks for a refresh, never as a side effect of a GET: listing accounts
// is an access the bank counts, and reading it on every page view exhausted the bank's patience
// (503 "slow down") long before anyone had tracked anything.
import type { BankAccount } from "@/lib/banking/types";
import type { Tx } from "@/lib/db/client";
import type { ConsentAccount } from "@/lib/generated/prisma/client";

/** Replaces the stored list with what the bank listed just now (inside the caller's transaction). */
export async function storeConsentAccounts(tx: Tx, consentId: string, accounts: BankAccount[]): Promise<void> {
  await tx.consentAccount.deleteMany({ where: { consentId } });
  if (accounts.length > 0) {
    await tx.consentAccount.createMany({
      data: accounts.map(({ balance, ...a }, position) => ({
        consentId,
        position,
        ...a,
        balanceAmount: balance?.amount ?? null,
        balanceCurrency: balance?.currency ?? null,
        balanceType: balance?.type ?? null,
        balanceDate: balance?.referenceDate ?? null,
      })),
      skipDuplicates: true,
    });
  }
  await tx.consent.update({ where: { id: consentId }, data: { accountsRefreshedAt: new Date() } });
}

export function asBankAccount(row: ConsentAccount): BankAccount {
  return {
    externalId: row.externalId,
    iban: row.iban,
    currency: row.currency,
    name: row.name,
    product: row.product,
    ownerName: row.ownerName,
    cashAccountType: row.cashAccountType,
    accountType: row.accountType,
    balance:
      row.balanceAmount !== null && row.balanceCurrency !== null && row.balanceType !== null
        ? {
            amount: row.balanceAmount.toFixed(),
            currency: row.balanceCurrency,
            type: row.balanceType,
            referenceDate: row.balanceDate,
          }
        : null,
  };
}

export async function storedConsentAccounts(db: Tx, consentId: string): Promise<BankAccount[]> {
  const rows = await db.consentAccount.findMany({ where: { consentId }, orderBy: { position: "asc" } });
  return rows.map(asBankAccount);
}
