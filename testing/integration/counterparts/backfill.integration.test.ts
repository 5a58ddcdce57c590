// The whole-account assignment (assign_counterparts without a page: its rounds run over the account's
// distinct parties) must assign what the page path (the same rounds over rows) assigns: on a mixed
// account, the same rows share a counterpart, under the same names, whether the account is assigned
// as one page or all at once; and an account synced page by page, assigned again as a whole, gets
// the very same counterparts back.
import { describe, expect, it } from "vitest";
import type { BankTransaction } from "@/lib/banking/types";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { ingestAssigned, rowCounterparts } from "@/testing/support/sync/page-ingest";

type Party = Partial<BankTransaction>;
const ALBERT_IBAN = "NL02ABNA0123456789";
// Each party with a sign; every one is repeated below so parties stand for several rows.
const PARTIES: [string, Party][] = [
  ["-12.50", { creditorName: "Shop B.V.", creditorIban: "NL91ABNA0417164300", debtorName: "Anna Smit" }],
  ["-7.00", { creditorName: "SHOP BV", creditorIban: "NL91 ABNA 0417 1643 00" }],
  ["40.00", { creditorName: "Shop B.V.", creditorIban: "NL91ABNA0417164300", debtorName: "Anna Smit" }],
  ["-0.00", { creditorName: "Shop B.V.", debtorName: "Anna Smit" }],
  ["-9.99", { creditorName: "Pay Co", creditorIban: "DE89370400440532013000", ultimateCreditor: "Books" }],
  ["-4.99", { creditorName: "Pay Co", creditorIban: "DE89370400440532013000" }],
  // One IBAN under two spellings with store numbers: the counterpart is named after its first row.
  ["-20.00", { creditorName: "ALBERT HEIJN 1234 AMSTERDAM", creditorIban: ALBERT_IBAN }],
  ["-30.00", { creditorName: "Albert Heijn 5678 Utrecht", creditorIban: ALBERT_IBAN }],
  ["-5.00", { creditorName: "Albert Heijn" }],
  [
    "-80.00",
    { creditorName: "Energy Co", creditorIban: "NL55INGB0001234567", creditorId: "NL00ZZZ999", mandateId: "M-1" },
  ],
  ["-81.00", { creditorName: "Energy Co", creditorId: "NL00ZZZ999", mandateId: "M-2" }],
  ["-15.00", { creditorName: "ENERGY CO B.V." }],
  ["2500.00", { debtorName: "Acme GmbH", debtorIban: "DE44500105175407324931" }],
  ["100.00", { debtorName: "acme" }],
  ["-3.00", {}],
  // A chain of shared keys: two IBANs share a name, the second IBAN shares another name with a third.
  ["-1.00", { creditorName: "Alpha", creditorIban: "BE68539007547034" }],
  ["-2.00", { creditorName: "Alpha", creditorIban: "BE71096123456769" }],
  ["-3.50", { creditorName: "Beta", creditorIban: "BE71096123456769" }],
  ["-4.50", { creditorName: "Beta", creditorIban: "FR1420041010050500013M02606" }],
  // The same fields with the other sign are another party (a credit names its debtor, here none).
  ["-10.00", { creditorName: "Bob" }],
  ["10.00", { creditorName: "Bob" }],
];
const COPIES = 4;
// Rounds of all parties, every other one in reverse: which party of a key comes first differs from
// which comes last, so a result that depended on any row but a party's first would show.
const entries = Array.from({ length: COPIES }, (_, c) => (c % 2 === 0 ? PARTIES : [...PARTIES].reverse()))
  .flat()
  .map(([amount, party], i) => bankEntry(`e${String(i).padStart(3, "0")}`, amount, party));

/** Stores the entries with counterpart NULL under ids in the entries' order, so "first row" means the same row. */
async function store(scopeId: string, accountId: string, idPrefix: string) {
  const columns = ["external_id", "amount", "creditor_name", "creditor_iban", "ultimate_creditor", "debtor_name"];
  const more = ["debtor_iban", "ultimate_debtor", "creditor_id", "mandate_id"];
  const values = (t: BankTransaction) => [
    t.externalId,
    t.amount,
    t.creditorName,
    t.creditorIban,
    t.ultimateCreditor,
    t.debtorName,
    t.debtorIban,
    t.ultimateDebtor,
    t.creditorId,
    t.mandateId,
  ];
  const all = [...columns, ...more];
  const arrays = all.map((_, i) => entries.map((t) => values(t)[i]));
  await pool().query(
    `INSERT INTO transactions (id, scope_id, account_id, status, booking_date, value_date, sort_date, currency, updated_at, ${all.join(", ")})
     SELECT ($3 || lpad(u.ord::text, 12, '0'))::uuid, $1, $2, 'booked', '2026-02-01', '2026-02-01', '2026-02-01', 'EUR', now(),
            ${all.map((c) => `u.${c}`).join(", ")}
       FROM unnest(${all.map((c, i) => `$${i + 4}::${c === "amount" ? "numeric" : "text"}[]`).join(", ")})
            WITH ORDINALITY AS u(${all.join(", ")}, ord)`,
    [scopeId, accountId, idPrefix, ...arrays],
  );
}

/** Per row: its counterpart's name and the rows it shares that counterpart with. */
async function assignment(accountId: string) {
  const { rows } = await pool().query<{ external_id: string; counterpart_id: string | null; name: string | null }>(
    `SELECT t.external_id, t.counterpart_id, c.name FROM transactions t LEFT JOIN counterparts c ON c.id = t.counterpart_id
      WHERE t.account_id = $1 ORDER BY t.external_id`,
    [accountId],
  );
  return rows.map((r) => ({
    row: r.external_id,
    name: r.name,
    with: rows
      .filter((o) => o.counterpart_id !== null && o.counterpart_id === r.counterpart_id)
      .map((o) => o.external_id),
  }));
}

describe("whole-account counterpart assignment", () => {
  it("assigns a mixed account as the page path assigns it: the same rows together, under the same names", async () => {
    const [a, b] = [await makePerson(), await makePerson()];
    const [pageAccount, wholeAccount] = [(await storedAccount(a, 0)).accountId, (await storedAccount(b, 0)).accountId];
    await store(a.scopeId, pageAccount, "00000000-0000-4000-8000-");
    await store(b.scopeId, wholeAccount, "00000000-0000-4000-9000-");

    const ids = entries.map((t) => t.externalId);
    const byPage = await pgTransaction((c) =>
      assignCounterparts(c, { scopeId: a.scopeId, accountId: pageAccount, externalIds: ids }),
    );
    const whole = await pgTransaction((c) => assignCounterparts(c, { scopeId: b.scopeId, accountId: wholeAccount }));

    // Every row with a party got one; the fee names nobody and the credit from no one has no party.
    expect([byPage, whole]).toEqual([entries.length - 2 * COPIES, entries.length - 2 * COPIES]);
    const expected = await assignment(pageAccount);
    expect(await assignment(wholeAccount)).toEqual(expected);
    // The data is mixed enough to matter: one IBAN under two store numbers and a bare name is one
    // counterpart named after its first row; a chain of shared keys joins three parties.
    const sizes = new Map(expected.map((r) => [r.name, r.with.length]));
    expect(sizes.get("ALBERT HEIJN 1234 AMSTERDAM")).toBe(3 * COPIES);
    expect([sizes.get("Alpha"), sizes.get("Beta")]).toEqual([COPIES, 3 * COPIES]);
  });

  it("gives an account synced page by page the same counterparts back when assigned as a whole", async () => {
    const person = await makePerson();
    const { accountId } = await storedAccount(person, 0);
    const runId = crypto.randomUUID();
    const target = { scopeId: person.scopeId, accountId, runId };
    for (let start = 0; start < entries.length; start += 13)
      await pgTransaction((client) => ingestAssigned(client, target, entries.slice(start, start + 13)));
    const synced = await rowCounterparts(accountId);
    await pool().query("UPDATE transactions SET counterpart_id = NULL WHERE account_id = $1", [accountId]);
    await pgTransaction((client) => assignCounterparts(client, { scopeId: person.scopeId, accountId }));
    expect(await rowCounterparts(accountId)).toEqual(synced);
  });
});
