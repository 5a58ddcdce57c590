// Each condition compiled to SQL picks exactly the rows it describes, run by PostgreSQL over stored
// rows (NULL columns never match), and a rule's conditions must all hold.
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { compileConditions, Params } from "@/lib/rules/compile";
import { ROOT, ROW_TEXT } from "@/lib/rules/effect-sql";
import { Condition } from "@/lib/rules/schemas";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { syncPage, withoutDefaultRules } from "@/testing/support/rules/page";

async function rows() {
  const person = await makePerson("rules-compile");
  await withoutDefaultRules(person.scopeId);
  const { accountId } = await storedAccount(person, 0);
  const other = await storedAccount(person, 0);
  await syncPage({ scopeId: person.scopeId, accountId }, [
    bankEntry("salary", "2500.00", { debtorName: "Bobrix BV", remittanceInformation: "Loonbetaling maart" }),
    bankEntry("card", "-12.40", {
      creditorName: "ALBERT HEIJN 1234",
      remittanceInformation: null,
      bankTransactionCode: "PMNT-CCRD-POSD",
    }),
    bankEntry("ddebit", "-99.00", {
      creditorName: "Energie Zakelijk",
      creditorId: "NL98ZZZ999999999999",
      mandateId: "M-7",
      remittanceInformation: "Electricity and gas",
      proprietaryBankTransactionCode: "SEPA-DD",
    }),
    bankEntry("usd", "-5.00", { currency: "USD", creditorName: "Ballon shop", remittanceInformation: "balloons" }),
  ]);
  await syncPage({ scopeId: person.scopeId, accountId: other.accountId }, [
    bankEntry("elsewhere", "-1.00", { creditorName: "Energie Zakelijk", remittanceInformation: "Top-up" }),
  ]);
  const matching = async (...conditions: unknown[]) => {
    const p = new Params([person.scopeId]);
    const where = compileConditions(
      conditions.map((c) => Condition.parse(c)),
      p,
    );
    const { rows: found } = await pool().query<{ external_id: string }>(
      `SELECT t.external_id FROM transactions t ${ROOT} ${ROW_TEXT} WHERE t.scope_id = $1::uuid AND ${where} ORDER BY t.external_id`,
      p.values,
    );
    return found.map((r) => r.external_id);
  };
  return { person, accountId, otherAccountId: other.accountId, matching };
}

describe("conditions in SQL", () => {
  it("each condition picks its rows", async () => {
    const { person, accountId, otherAccountId, matching } = await rows();
    expect(await matching({ type: "words", words: ["loon"], in: "remittance" })).toEqual(["salary"]);
    expect(await matching({ type: "words", words: ["loon"], in: "names" })).toEqual([]);
    expect(await matching({ type: "words", words: ["albert heijn"], in: "names" })).toEqual(["card"]);
    // At a word's start only: "ballon" is not "loon", "gas" is a word of its own.
    expect(await matching({ type: "words", words: ["lon", "gas"] })).toEqual(["ddebit"]);
    expect(await matching({ type: "amount", min: "12.40", max: "99" })).toEqual(["card", "ddebit"]);
    expect(await matching({ type: "amount", min: "100" })).toEqual(["salary"]);
    expect(await matching({ type: "direction", direction: "in" })).toEqual(["salary"]);
    expect(await matching({ type: "direction", direction: "out" })).toEqual(["card", "ddebit", "elsewhere", "usd"]);
    expect(await matching({ type: "currency", currencies: ["USD"] })).toEqual(["usd"]);
    expect(await matching({ type: "creditorId", values: ["NL98ZZZ999999999999"] })).toEqual(["ddebit"]);
    expect(await matching({ type: "mandateId", values: ["M-7", "M-8"] })).toEqual(["ddebit"]);
    expect(await matching({ type: "bankTransactionCode", codes: ["pmnt-ccrd"] })).toEqual(["card"]);
    expect(await matching({ type: "bankTransactionCode", codes: ["SEPA-DD"] })).toEqual(["ddebit"]);
    expect(await matching({ type: "account", accountIds: [otherAccountId] })).toEqual(["elsewhere"]);

    const { rows: energy } = await pool().query<{ counterpart_id: string }>(
      "SELECT counterpart_id FROM transactions WHERE account_id = $1 AND external_id = 'ddebit'",
      [accountId],
    );
    const counterpartId = energy[0].counterpart_id;
    expect(await matching({ type: "counterpart", counterpartId })).toEqual(["ddebit", "elsewhere"]);
    // A family: the rule on the parent takes its children's rows when asked to.
    const parent = await prisma().counterpart.create({ data: { scopeId: person.scopeId, name: "Energy group" } });
    await prisma().counterpart.update({ where: { id: counterpartId }, data: { parentId: parent.id } });
    expect(await matching({ type: "counterpart", counterpartId: parent.id })).toEqual([]);
    expect(await matching({ type: "counterpart", counterpartId: parent.id, includeFamily: true })).toEqual([
      "ddebit",
      "elsewhere",
    ]);
  });

  it("a rule's conditions must all hold", async () => {
    const { matching } = await rows();
    const out = { type: "direction", direction: "out" };
    expect(await matching(out, { type: "words", words: ["energie"] })).toEqual(["ddebit", "elsewhere"]);
    expect(await matching(out, { type: "words", words: ["energie"] }, { type: "amount", min: "50" })).toEqual([
      "ddebit",
    ]);
    expect(await matching({ type: "direction", direction: "in" }, { type: "words", words: ["energie"] })).toEqual([]);
  });
});
