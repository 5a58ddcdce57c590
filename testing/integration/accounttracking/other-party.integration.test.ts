// Who a transaction is with, as the API gives it (counterpartName, counterpartIban) for the UI, the
// CSV and machine callers, on every case of the rule: a debit or a credit, a zero amount, an
// ultimate party behind a payment provider, a side the bank left empty. The product defines the rule
// once, in SQL (prisma/functions/01_other_party.sql); EXPECTED below is this test's own reading of it
// (docs/DESIGN "Counterparts"), an oracle the product is checked against. The counterpart match keys
// read the same definition: their party name is the API's name on every row.
import { beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import type { TransactionRow } from "@/lib/accounttracking/transactions/transactions";
import { pool } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

type Row = { ref: string } & Pick<
  TransactionRow,
  "amount" | "creditor_name" | "creditor_iban" | "ultimate_creditor" | "debtor_name" | "debtor_iban" | "ultimate_debtor"
>;
const ROWS: Row[] = [
  {
    ref: "debit",
    amount: "-12.50",
    creditor_name: "Bakery Jansen",
    creditor_iban: "NL91 ABNA 0417 1643 00",
    ultimate_creditor: null,
    debtor_name: "Alice Martin",
    debtor_iban: "BE71096123456769",
    ultimate_debtor: null,
  },
  {
    ref: "credit",
    amount: "1200.00",
    creditor_name: "Alice Martin",
    creditor_iban: "BE71096123456769",
    ultimate_creditor: null,
    debtor_name: "Acme BV",
    debtor_iban: "DE89370400440532013000",
    ultimate_debtor: null,
  },
  {
    ref: "debit-via",
    amount: "-40.00",
    creditor_name: "Adyen",
    creditor_iban: "NL13TEST0123456789",
    ultimate_creditor: "Zalando",
    debtor_name: null,
    debtor_iban: null,
    ultimate_debtor: null,
  },
  {
    ref: "credit-via",
    amount: "15.00",
    creditor_name: null,
    creditor_iban: null,
    ultimate_creditor: null,
    debtor_name: "PayPal Europe",
    debtor_iban: "LU89751000135104200E",
    ultimate_debtor: "Marktplaats",
  },
  {
    ref: "zero",
    amount: "0.00",
    creditor_name: "Card Check",
    creditor_iban: "FR7630006000011234567890189",
    ultimate_creditor: null,
    debtor_name: "Verifier",
    debtor_iban: "IT60X0542811101000000123456",
    ultimate_debtor: null,
  },
  {
    ref: "debit-nameless",
    amount: "-3.00",
    creditor_name: null,
    creditor_iban: null,
    ultimate_creditor: null,
    debtor_name: "Alice Martin",
    debtor_iban: "BE71096123456769",
    ultimate_debtor: null,
  },
];
/** The other party by the rule: the creditor of a debit, the debtor of a credit (zero: a credit). */
const EXPECTED: Record<string, { name: string | null; iban: string | null }> = {
  debit: { name: "Bakery Jansen", iban: "NL91 ABNA 0417 1643 00" },
  credit: { name: "Acme BV", iban: "DE89370400440532013000" },
  "debit-via": { name: "Zalando", iban: "NL13TEST0123456789" },
  "credit-via": { name: "Marktplaats", iban: "LU89751000135104200E" },
  zero: { name: "Verifier", iban: "IT60X0542811101000000123456" },
  "debit-nameless": { name: null, iban: null },
};

type Tx = { id: string; remittanceInformation: string; counterpartName: string | null; counterpartIban: string | null };
let headers: Record<string, string>;
let accountId: string;

beforeAll(async () => {
  const person = await makePerson("parties");
  headers = bearer(person.token, person.scopeId);
  accountId = (await storedAccount(person, 0)).accountId;
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount,
                               currency, remittance_information, creditor_name, creditor_iban, ultimate_creditor,
                               debtor_name, debtor_iban, ultimate_debtor, updated_at)
     SELECT gen_random_uuid(), $1, $2, r.ref, 'booked', '2026-03-01', '2026-03-01', '2026-03-01', r.amount::numeric, 'EUR',
            r.ref, r.creditor_name, r.creditor_iban, r.ultimate_creditor, r.debtor_name, r.debtor_iban, r.ultimate_debtor, now()
       FROM json_populate_recordset(NULL::record, $3::json)
            AS r(ref text, amount text, creditor_name text, creditor_iban text, ultimate_creditor text,
                 debtor_name text, debtor_iban text, ultimate_debtor text)`,
    [person.scopeId, accountId, JSON.stringify(ROWS)],
  );
});

describe("the other party of a transaction", () => {
  it("is the API's counterpartName and counterpartIban, on every case of the rule", async () => {
    const res = await call<{ data: Tx[] }>(listRoute.GET, "GET", "x", { headers, params: { id: accountId } });
    expect(res.status).toBe(200);
    const byRef = Object.fromEntries(
      res.json.data.map((t) => [t.remittanceInformation, { name: t.counterpartName, iban: t.counterpartIban }]),
    );
    expect(byRef).toEqual(EXPECTED);
  });

  it("is the CSV's bank counterpart name and counterpart IBAN", async () => {
    const res = await call(csvRoute.GET, "GET", "x", { headers, params: { id: accountId } });
    expect(res.status).toBe(200);
    const [head, ...lines] = res.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const column = (name: string) => head.split(",").indexOf(name);
    const [ref, name, iban] = [
      column("remittanceInformation"),
      column("bankCounterpartName"),
      column("counterpartIban"),
    ];
    expect([ref, name, iban].every((i) => i >= 0)).toBe(true);
    const byRef = Object.fromEntries(
      lines.map((l) => l.split(",")).map((c) => [c[ref], { name: c[name] || null, iban: c[iban] || null }]),
    );
    expect(byRef).toEqual(EXPECTED);
  });

  it("is the party the counterpart match keys name", async () => {
    const { rows } = await pool().query<{ ref: string; raw_name: string | null }>(
      `SELECT t.remittance_information AS ref, k.raw_name FROM transactions t
         CROSS JOIN LATERAL counterpart_party_keys(t.amount, t.creditor_name, t.creditor_iban, t.ultimate_creditor,
                                                   t.debtor_name, t.debtor_iban, t.ultimate_debtor, t.creditor_id, t.mandate_id) k
        WHERE t.account_id = $1`,
      [accountId],
    );
    expect(Object.fromEntries(rows.map((r) => [r.ref, r.raw_name]))).toEqual(
      Object.fromEntries(Object.entries(EXPECTED).map(([ref, party]) => [ref, party.name])),
    );
  });
});
