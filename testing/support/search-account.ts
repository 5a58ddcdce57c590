// Test helper for the transactions text search: a scope with a mixed account (words in every searched
// field and in fields that are not searched, IBANs with and without spaces, counterparts with aliases
// and consolidations, amounts, `%`, `_` and `\`, letters whose case changes outside ASCII, removed
// and pending rows, many rows a day), a second account in the same scope and one in another scope;
// and the one-query predicate the search had before it was split in steps, as the reference.
import { pool } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Row = Partial<{
  remittance_information: string;
  creditor_name: string;
  ultimate_creditor: string;
  debtor_name: string;
  ultimate_debtor: string;
  creditor_iban: string;
  debtor_iban: string;
  creditor_id: string;
  mandate_id: string;
  entry_reference: string;
  external_id: string;
  bank_transaction_code: string;
  end_to_end_id: string;
  proprietary_bank_transaction_code: string;
  note: string;
  tags: string[];
  amount: string;
  status: "booked" | "pending";
  counterpart: string;
  bound: string;
  removed: boolean;
  day: number;
}>;

/** Rows with a word in one field each (and the fields no search reads), spread over the history. */
const SPECIAL: Row[] = [
  { remittance_information: "Zebra remittance" },
  { creditor_name: "Crediteur Alpha" },
  { ultimate_creditor: "Ultimo Creditor" },
  { debtor_name: "Debiteur Beta", amount: "15.00" },
  { ultimate_debtor: "Ultima Debtor", amount: "16.00" },
  { creditor_iban: "BE71 0961 2345 6769", debtor_iban: "NL91ABNA0417164300" },
  { debtor_iban: "DE89 3704 0044 0532 0130 00", amount: "17.00" },
  { creditor_id: "BE23ZZZ0000000001" },
  { mandate_id: "MNDT-77" },
  { entry_reference: "ENTREF-5" },
  { external_id: "ext-quokka" },
  { bank_transaction_code: "PMNT-RCDT" },
  { end_to_end_id: "E2E-UNSEARCHED", proprietary_bank_transaction_code: "PROPUNSEARCHED" },
  { note: "Paid by cash" },
  { tags: ["holiday", "Ski_2025"] },
  { remittance_information: "100% discount" },
  { remittance_information: "file_name.pdf" },
  { remittance_information: "fileXname.pdf" },
  { remittance_information: "C:\\path\\to" },
  { creditor_name: "Müller GmbH" },
  { remittance_information: "ÜBERWEISUNG Straße" },
  { debtor_name: "ΣΟΦΙΑ Papadopoulou", amount: "18.00" },
  { creditor_name: "İstanbul Kebab" },
  { amount: "-81.48" },
  { amount: "81.480", debtor_name: "Refund" },
  { amount: "-1200.00" },
  { amount: "1200", debtor_name: "Salary" },
  { remittance_information: "Invoice 181.48" },
  { remittance_information: "Paid 81,48 EUR" },
  { remittance_information: "Zebra but removed", removed: true },
  { remittance_information: "Zebra crossing fee", status: "pending" },
  { remittance_information: "Monthly fee", creditor_name: "ACME BV", counterpart: "acme" },
  { remittance_information: "Service charge", creditor_name: "Acme Property Mgmt", counterpart: "acmeOld" },
  { remittance_information: "Bread", creditor_name: "Bakery Jansen", counterpart: "bakery" },
  { remittance_information: "Membership", creditor_name: "Old Name", counterpart: "gym" },
  { remittance_information: "Cake", creditor_name: "Bakery Jansen", counterpart: "bakery", bound: "acme" },
];

const SHOPS = ["Grocer", "Fuel station", "Pharmacy", "Bookshop"];

/** Everyday rows, four a day: card payments at shops, and rent once in forty. */
function everyday(count = 240): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    remittance_information: i % 40 === 7 ? "Rent March" : `Card payment ${SHOPS[i % SHOPS.length]} ${i}`,
    creditor_name: `Shop ${i % 7}`,
    amount: `-${(i % 90) + 1}.50`,
    day: Math.floor(i / 4),
  }));
}

async function insertRows(scopeId: string, accountId: string, rows: Row[], counterparts: Record<string, string>) {
  const json = rows.map((r, i) => ({
    ...r,
    external_id: r.external_id ?? `tx-${i}`,
    amount: r.amount ?? "-10.00",
    status: r.status ?? "booked",
    day: r.day ?? (i * 7) % 60,
    tags: r.tags ?? [],
    counterpart_id: r.counterpart ? counterparts[r.counterpart] : null,
    bound_counterpart_id: r.bound ? counterparts[r.bound] : null,
    removed: r.removed ?? false,
  }));
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency,
       remittance_information, creditor_name, ultimate_creditor, debtor_name, ultimate_debtor, creditor_iban, debtor_iban,
       creditor_id, mandate_id, entry_reference, bank_transaction_code, end_to_end_id, proprietary_bank_transaction_code,
       note, tags, counterpart_id, bound_counterpart_id, removed_at, updated_at)
     SELECT gen_random_uuid(), $1, $2, r.external_id, r.status::"TransactionStatus",
            CASE WHEN r.status = 'booked' THEN d END, d, d, r.amount::numeric, 'EUR',
            r.remittance_information, r.creditor_name, r.ultimate_creditor, r.debtor_name, r.ultimate_debtor, r.creditor_iban,
            r.debtor_iban, r.creditor_id, r.mandate_id, r.entry_reference, r.bank_transaction_code, r.end_to_end_id,
            r.proprietary_bank_transaction_code, r.note, r.tags, r.counterpart_id, r.bound_counterpart_id,
            CASE WHEN r.removed THEN now() END, now()
       FROM jsonb_to_recordset($3::jsonb) AS r(external_id text, status text, amount text, remittance_information text,
              creditor_name text, ultimate_creditor text, debtor_name text, ultimate_debtor text, creditor_iban text,
              debtor_iban text, creditor_id text, mandate_id text, entry_reference text, bank_transaction_code text,
              end_to_end_id text, proprietary_bank_transaction_code text, note text, tags text[], day int,
              counterpart_id uuid, bound_counterpart_id uuid, removed boolean),
            LATERAL (SELECT to_char(date '2025-01-01' + r.day, 'YYYY-MM-DD') AS d) x`,
    [scopeId, accountId, JSON.stringify(json)],
  );
}

/** The counterparts: ACME (alias Landlord) with a former name consolidated into it; Bakery Jansen (no alias) with Gym into it. */
async function counterparts(scopeId: string): Promise<Record<string, string>> {
  const add = async (name: string, alias: string | null, into: string | null = null) =>
    (
      await pool().query<{ id: string }>(
        `INSERT INTO counterparts (id, scope_id, name, alias, merged_into_id, updated_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, now()) RETURNING id`,
        [scopeId, name, alias, into],
      )
    ).rows[0].id;
  const acme = await add("ACME BV", "Landlord");
  const bakery = await add("Bakery Jansen", null);
  return {
    acme,
    acmeOld: await add("Acme Property Mgmt", null, acme),
    bakery,
    gym: await add("Old Name", "Gym", bakery),
  };
}

export async function searchAccount() {
  const person = await makePerson("search");
  const { accountId } = await storedAccount(person, 0);
  const { accountId: otherAccountId } = await storedAccount(person, 0);
  const named = await counterparts(person.scopeId);
  await insertRows(person.scopeId, accountId, [...everyday(), ...SPECIAL], named);
  await insertRows(
    person.scopeId,
    otherAccountId,
    [
      { remittance_information: "Rent April" },
      { remittance_information: "Zebra elsewhere" },
      ...everyday().slice(0, 30),
    ],
    named,
  );
  const stranger = await makePerson("stranger");
  const { accountId: strangerAccountId } = await storedAccount(stranger, 0);
  await insertRows(stranger.scopeId, strangerAccountId, [{ remittance_information: "Zebra of a stranger" }], {});
  return { scopeId: person.scopeId, accountId, otherAccountId, headers: bearer(person.token, person.scopeId) };
}

export type SearchAccount = Awaited<ReturnType<typeof searchAccount>>;

/** A scope of its own with one account of `count` everyday rows and, older than nearly all, the special ones. */
export async function bigSearchAccount(count: number) {
  const person = await makePerson("big-search");
  const { accountId } = await storedAccount(person, 0);
  await insertRows(person.scopeId, accountId, [...everyday(count), ...SPECIAL], await counterparts(person.scopeId));
  return { scopeId: person.scopeId, accountId };
}

const OLD_SEARCHED = [
  "remittance_information",
  "creditor_name",
  "ultimate_creditor",
  "debtor_name",
  "ultimate_debtor",
  "creditor_iban",
  "debtor_iban",
  "creditor_id",
  "mandate_id",
  "entry_reference",
  "external_id",
  "bank_transaction_code",
  "note",
]
  .map((c) => `t.${c}`)
  .concat("array_to_string(t.tags, ' ')");

/** The words' conditions as lib/accounttracking/transactions/filter.ts wrote them before the search had steps. */
export function oldWordConditions(q: string, values: unknown[], scope: string): string[] {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  return words.map((word) => {
    const p = `$${values.push(`%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)}`;
    const amount = /^\d{1,12}([.,]\d{1,2})?$/.test(word) ? word.replace(",", ".") : null;
    return (
      `(concat_ws(' ', ${OLD_SEARCHED.join(", ")}) ILIKE ${p} OR replace(concat_ws(' ', t.creditor_iban, t.debtor_iban), ' ', '') ILIKE ${p}` +
      ` OR coalesce(t.bound_counterpart_id, t.counterpart_id) IN (
        WITH RECURSIVE named AS (
          SELECT c.id FROM counterparts c
           WHERE c.scope_id = ${scope} AND c.merged_into_id IS NULL
             AND (c.alias ILIKE ${p} OR (c.alias IS NULL AND c.name ILIKE ${p}))
          UNION ALL
          SELECT c.id FROM counterparts c JOIN named ON c.merged_into_id = named.id WHERE c.scope_id = ${scope})
        SELECT id FROM named)` +
      (amount ? ` OR abs(t.amount) = $${values.push(amount)}::numeric` : "") +
      ")"
    );
  });
}

/** Ids of the rows the old predicate found for `q`, newest first: of the account, or (no account) of the scope. */
export async function oldSearch(scopeId: string, accountId: string | null, q: string): Promise<string[]> {
  const values: unknown[] = [scopeId];
  const where = ["t.scope_id = $1::uuid", "t.removed_at IS NULL"];
  if (accountId) where.push(`t.account_id = $${values.push(accountId)}::uuid`);
  where.push(...oldWordConditions(q, values, "$1::uuid"));
  const { rows } = await pool().query<{ id: string }>(
    `SELECT t.id FROM transactions t WHERE ${where.join(" AND ")} ORDER BY t.sort_date DESC, t.id DESC`,
    values,
  );
  return rows.map((r) => r.id);
}
