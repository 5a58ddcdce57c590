// What counterpart assignment adds to ingest: 100,000 transactions (2,000 parties with IBANs,
// creditor ids and spelling variants) upserted in pages of 1,000, one transaction a page, with
// ingestPage alone, with ingestPage + assignCounterparts for new parties, and for known ones, into
// three fresh accounts, the variants taking turns page by page.
import type pg from "pg";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { ingestPage } from "@/lib/sync/ingest";
import { benchAccount } from "./accounts";

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

/** One page upserted in its own transaction, as the sync runner writes it; returns the time it took. */
async function ingestOne(
  db: pg.Pool,
  target: { scopeId: string; accountId: string; runId: string },
  page: BankTransaction[],
  withCounterparts: boolean,
) {
  const client = await db.connect();
  try {
    const t = performance.now();
    await client.query("BEGIN");
    // Every page is new: as the runner writes a page after a new one, whole, without comparing hashes first.
    const counts = await ingestPage(client, target, page, { compareFirst: false });
    // As the sync runner does: only rows the upsert could not assign take the full step.
    if (withCounterparts && counts.unresolved.length > 0)
      await assignCounterparts(client, {
        scopeId: target.scopeId,
        accountId: target.accountId,
        externalIds: counts.unresolved,
      });
    await client.query("COMMIT");
    return performance.now() - t;
  } finally {
    client.release();
  }
}

/**
 * The three variants page by page in turn (page i of each, then page i + 1), so they meet the same
 * table size, the same checkpoints and the same load on the machine: upsert alone; with counterparts
 * of parties never seen (the first account of a scope); with counterparts of known parties (a second
 * account of the same parties, what every later sync sees).
 */
export async function benchIngest(db: pg.Pool, scopeId: string, userId: string) {
  const variants = [
    { name: "plain", counterparts: false },
    { name: "cp", counterparts: true },
    { name: "warm", counterparts: true },
  ];
  const runs = await Promise.all(
    variants.map(async (v) => ({
      ...v,
      rows: synthetic(v.name),
      target: { scopeId, accountId: await benchAccount(db, scopeId, userId), runId: crypto.randomUUID() },
      ms: 0,
    })),
  );
  for (let start = 0; start < ROWS; start += PAGE) {
    for (const run of runs)
      run.ms += await ingestOne(db, run.target, run.rows.slice(start, start + PAGE), run.counterparts);
  }
  const [plain, fresh, warm] = runs;
  return { rows: ROWS, plainMs: plain.ms, withMs: fresh.ms, warmMs: warm.ms };
}
