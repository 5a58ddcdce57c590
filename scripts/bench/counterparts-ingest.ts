// What counterpart assignment adds to ingest: 100,000 transactions (2,000 parties with IBANs,
// creditor ids and spelling variants) upserted in pages of 1,000, one transaction a page, once with
// ingestPage alone and once with ingestPage + assignCounterparts, into two fresh accounts.
import type pg from "pg";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { ingestPage } from "@/lib/sync/ingest";

const ROWS = 100_000;
const PAGE = 1_000;

function synthetic(prefix: string): BankTransaction[] {
  const out: BankTransaction[] = [];
  for (let i = 0; i < ROWS; i += 1) {
    const party = (i * 7919) % 2_000;
    const debit = i % 3 !== 0;
    const name = `${["Shop", "SHOP", "Shop B.V."][i % 3]} ${party}`;
    const iban = `NL${String(10 + (party % 89)).padStart(2, "0")}BANK${String(party * 10 + (i % 2)).padStart(10, "0")}`;
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    out.push({
      externalId: `${prefix}-${i}`,
      entryReference: null,
      status: "booked",
      bookingDate: day,
      valueDate: day,
      amount: `${debit ? "-" : ""}${(i % 5000) + 1}.${String(i % 100).padStart(2, "0")}`,
      currency: "EUR",
      creditorName: debit ? name : null,
      creditorIban: debit ? iban : null,
      ultimateCreditor: null,
      debtorName: debit ? null : name,
      debtorIban: debit ? null : iban,
      ultimateDebtor: null,
      remittanceInformation: `ref ${i}`,
      creditorId: debit && party % 4 === 0 ? `NL00ZZZ${party}` : null,
      mandateId: null,
      bankTransactionCode: null,
      endToEndId: null,
      proprietaryBankTransactionCode: null,
      derivedId: false,
    });
  }
  return out;
}

async function account(db: pg.Pool, scopeId: string, userId: string): Promise<string> {
  const consent = await db.query<{ id: string }>(
    `INSERT INTO consents (id, scope_id, user_id, integration_name, purpose, expiry_days, bank_id, status, updated_at)
     VALUES (gen_random_uuid(), $1, $2, 'sandbox', 'account_access', 90, 'bench-bank', 'valid', now()) RETURNING id`,
    [scopeId, userId],
  );
  const created = await db.query<{ id: string }>(
    `INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type, external_id, currency)
     VALUES (gen_random_uuid(), $1, $2, 'sandbox', 'bench-bank', 'BE', 'private', 'bench-' || gen_random_uuid(), 'EUR') RETURNING id`,
    [scopeId, consent.rows[0].id],
  );
  return created.rows[0].id;
}

async function ingestAll(
  db: pg.Pool,
  scopeId: string,
  accountId: string,
  rows: BankTransaction[],
  withCounterparts: boolean,
) {
  const runId = crypto.randomUUID();
  const t = performance.now();
  for (let start = 0; start < rows.length; start += PAGE) {
    const page = rows.slice(start, start + PAGE);
    const client = await db.connect();
    try {
      await client.query("BEGIN");
      const counts = await ingestPage(client, { scopeId, accountId, runId }, page);
      // As the sync runner does: only rows the upsert could not assign take the full step.
      if (withCounterparts && counts.unresolved.length > 0)
        await assignCounterparts(client, { scopeId, accountId, externalIds: counts.unresolved });
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  }
  return performance.now() - t;
}

export async function benchIngest(db: pg.Pool, scopeId: string, userId: string) {
  const plainMs = await ingestAll(db, scopeId, await account(db, scopeId, userId), synthetic("plain"), false);
  const withMs = await ingestAll(db, scopeId, await account(db, scopeId, userId), synthetic("cp"), true);
  // Warm keys: a second account of the same parties (what every later sync sees).
  const warmMs = await ingestAll(db, scopeId, await account(db, scopeId, userId), synthetic("warm"), true);
  return { rows: ROWS, plainMs, withMs, warmMs };
}
