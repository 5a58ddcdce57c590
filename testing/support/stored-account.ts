// A tracked account with stored transactions, written straight to the database (no bank, no sync):
// for tests of reads and pagination that need rows but not how they arrived.
import { randomUUID } from "node:crypto";
import { pool, prisma } from "@/lib/db/client";
import type { AccountType, ConsentStatus } from "@/lib/generated/prisma/client";

type Person = { scopeId: string; userId: string };

/** A consent of the person's at the sandbox bank, as if it stood at `status` (no bank was asked). */
export function storedConsent(person: Person, status: ConsentStatus = "valid", bankName: string | null = null) {
  return prisma().consent.create({
    data: {
      scopeId: person.scopeId,
      userId: person.userId,
      integrationName: "sandbox",
      purpose: "account_access",
      expiryDays: 90,
      status,
      bankName,
    },
  });
}

/** A tracked account of the sandbox bank on a consent of its own (whose id it answers beside it). */
export async function storedTrackedAccount(
  person: Person,
  account: { accountType: AccountType; externalId: string; iban?: string | null; currency: string },
) {
  const consent = await storedConsent(person);
  const created = await prisma().trackedAccount.create({
    data: {
      scopeId: person.scopeId,
      consentId: consent.id,
      integrationName: "sandbox",
      bankId: "sbx-be-01",
      countryCode: "BE",
      accountType: account.accountType,
      externalId: account.externalId,
      iban: account.iban,
      currency: account.currency,
    },
  });
  return { consentId: consent.id, account: created };
}

export async function storedAccount(person: Person, transactions = 5) {
  const { consentId, account } = await storedTrackedAccount(person, {
    accountType: "private",
    externalId: `stored-${randomUUID()}`,
    currency: "EUR",
  });
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency, creditor_name, updated_at)
     SELECT gen_random_uuid(), $1, $2, 'tx-' || n, 'booked', d, d, d, -n, 'EUR', 'Shop ' || n, now()
       FROM generate_series(1, $3::int) n, LATERAL (SELECT to_char(date '2026-01-01' + n, 'YYYY-MM-DD') AS d) x`,
    [person.scopeId, account.id, transactions],
  );
  return { consentId, accountId: account.id };
}
