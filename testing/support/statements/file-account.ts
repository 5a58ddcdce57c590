// A tracked account to import statement files into, written straight to the database (no bank, no
// sync): the IBAN and currency a sample file names, so the import's account check passes or refuses
// as it would for a real account. And the rows and balances an import left, as the tests compare them.
import { randomUUID } from "node:crypto";
import { pool, prisma } from "@/lib/db/client";
import { storedTrackedAccount } from "@/testing/support/stored-account";

type Person = { scopeId: string; userId: string };

export async function fileAccount(person: Person, account: { iban: string | null; currency: string }) {
  const stored = await storedTrackedAccount(person, {
    accountType: "company",
    externalId: `file-${randomUUID()}`,
    iban: account.iban,
    currency: account.currency,
  });
  return stored.account;
}

export type ImportedRow = {
  external_id: string;
  status: string;
  booking_date: string | null;
  value_date: string | null;
  amount: string;
  currency: string;
  entry_reference: string | null;
  creditor_name: string | null;
  creditor_iban: string | null;
  debtor_name: string | null;
  debtor_iban: string | null;
  remittance_information: string | null;
  end_to_end_id: string | null;
  statement_import_id: string | null;
  statement_entry_ref: string | null;
  statement_facts: Record<string, unknown> | null;
  seen_by_bank: boolean;
  removed: boolean;
  counterpart_id: string | null;
  change_seq: string;
};

export async function accountRows(accountId: string): Promise<ImportedRow[]> {
  const { rows } = await pool().query<ImportedRow>(
    `SELECT external_id, status::text AS status, booking_date, value_date, amount::text AS amount, currency, entry_reference,
            creditor_name, creditor_iban, debtor_name, debtor_iban, remittance_information, end_to_end_id,
            statement_import_id, statement_entry_ref, statement_facts, seen_by_bank, removed_at IS NOT NULL AS removed,
            counterpart_id, change_seq::text AS change_seq
       FROM transactions WHERE account_id = $1 ORDER BY sort_date, external_id`,
    [accountId],
  );
  return rows;
}

export async function accountBalances(accountId: string) {
  const { rows } = await pool().query<{
    source: string;
    import_id: string | null;
    balance_type: string;
    amount: string;
    currency: string;
    reference_date: string;
  }>(
    `SELECT source::text AS source, import_id, balance_type, amount::text AS amount, currency, reference_date
       FROM account_balances WHERE account_id = $1 ORDER BY reference_date, balance_type, amount`,
    [accountId],
  );
  return rows;
}

export async function importRow(importId: string) {
  return prisma().statementImport.findUniqueOrThrow({ where: { id: importId } });
}
