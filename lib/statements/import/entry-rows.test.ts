// A statement entry as the row the sync's write path stores: its file id (digest of what the file
// says, numbered for identical entries), its own reference in the file, and its facts.
import { describe, expect, it } from "vitest";
import { EMPTY_FACTS, type StatementEntry, type StatementHeader } from "@/lib/statements/model";
import { entryBaseId, entryFacts, entryRefOf, entryRow, fileIdNumbering } from "./entry-rows";

const entry = (over: Partial<StatementEntry> = {}): StatementEntry => ({
  ...EMPTY_FACTS,
  amount: "-2.80",
  currency: "EUR",
  status: "booked",
  bookingDate: "2026-03-02",
  valueDate: "2026-03-02",
  entryReference: null,
  isReversal: false,
  additionalInformation: null,
  details: [],
  origin: { line: 12, ordinal: 3, path: "Stmt[1]/Ntry[3]" },
  creditorName: "CAFE DE LA GARE",
  ...over,
});
const header: StatementHeader = {
  format: "camt053",
  version: "camt.053.001.08",
  statementId: "S1",
  sequenceNumber: null,
  account: { iban: null, otherId: null, currency: "EUR", ownerName: null, servicerBic: null, servicerName: null },
  balances: [],
  origin: { line: 5, ordinal: 1, path: "Stmt[1]" },
};

describe("a statement entry as a row", () => {
  it("its reference: the bank's in the file, else its place there", () => {
    expect(entryRefOf(entry({ accountServicerReference: "REF-1" }))).toBe("REF-1");
    expect(entryRefOf(entry())).toBe("Stmt[1]/Ntry[3]");
    expect(entryRefOf(entry({ origin: { line: 8, ordinal: 7, path: null } }))).toBe("line 8");
  });

  it("its file id: the same entry the same id in any file, identical entries numbered, other content another id", () => {
    const id = entryBaseId(entry());
    expect(id).toMatch(/^stmt_[0-9a-f]{32}$/);
    expect(entryBaseId(entry({ origin: { line: 99, ordinal: 40, path: "Stmt[2]/Ntry[40]" } }))).toBe(id);
    expect(entryBaseId(entry({ amount: "-2.81" }))).not.toBe(id);
    expect(entryBaseId(entry({ accountServicerReference: "REF-1" }))).not.toBe(id);
    const numbered = fileIdNumbering();
    expect([numbered(entry()), numbered(entry()), numbered(entry({ amount: "-3.00" })), numbered(entry())]).toEqual([
      id,
      `${id}.1`,
      entryBaseId(entry({ amount: "-3.00" })),
      `${id}.2`,
    ]);
  });

  it("booked, with the file's ids and only the facts that are set; a batch's details kept with their amounts", () => {
    const batch = entry({
      amount: "-30.00",
      additionalInformation: "SEPA batch",
      details: [
        {
          ...EMPTY_FACTS,
          amount: "-10.00",
          currency: "EUR",
          creditorName: "A",
          isAmountInherited: false,
          origin: { line: 20, ordinal: 3, path: "Stmt[1]/Ntry[3]/NtryDtls/TxDtls[1]" },
        },
        {
          ...EMPTY_FACTS,
          amount: "-20.00",
          currency: "EUR",
          creditorName: "B",
          isAmountInherited: false,
          origin: { line: 30, ordinal: 3, path: "Stmt[1]/Ntry[3]/NtryDtls/TxDtls[2]" },
        },
      ],
    });
    const row = entryRow(batch, header, "stmt_x", "import-1");
    expect([row.externalId, row.derivedId, row.status, row.amount, row.creditorName]).toEqual([
      "stmt_x",
      false,
      "booked",
      "-30.00",
      "CAFE DE LA GARE",
    ]);
    expect(row.statement).toEqual({
      importId: "import-1",
      entryRef: "Stmt[1]/Ntry[3]",
      facts: entryFacts(batch, header),
    });
    expect(entryFacts(batch, header)).toEqual({
      format: "camt053",
      statementId: "S1",
      line: 12,
      path: "Stmt[1]/Ntry[3]",
      additionalInformation: "SEPA batch",
      details: [
        { amount: "-10.00", currency: "EUR", creditorName: "A", path: "Stmt[1]/Ntry[3]/NtryDtls/TxDtls[1]" },
        { amount: "-20.00", currency: "EUR", creditorName: "B", path: "Stmt[1]/Ntry[3]/NtryDtls/TxDtls[2]" },
      ],
    });
  });
});
