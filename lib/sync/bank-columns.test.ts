import { describe, expect, it } from "vitest";
import { COLUMNS, contentHash, rowValues } from "@/lib/sync/bank-columns";
import type { BankTransaction } from "@/lib/banking/types";

const entry: BankTransaction = {
  externalId: "B20260203-0000001",
  derivedId: false,
  entryReference: null,
  status: "booked",
  bookingDate: "2026-02-01",
  valueDate: "2026-02-01",
  amount: "-12.50",
  currency: "EUR",
  creditorName: "Shop B.V.",
  creditorIban: null,
  ultimateCreditor: null,
  debtorName: null,
  debtorIban: null,
  ultimateDebtor: null,
  remittanceInformation: "Order 1",
  creditorId: null,
  mandateId: null,
  bankTransactionCode: null,
  endToEndId: null,
  proprietaryBankTransactionCode: null,
};

describe("contentHash", () => {
  it("is the same on every run and in every process (a stored hash is compared with tomorrow's)", () => {
    expect(contentHash(rowValues(entry))).toBe(contentHash(rowValues({ ...entry })));
    // Pinned (SHA-256 of "bank-row/1\n" and the values as a JSON array, computed apart from this code):
    // a change of the encoding must come with a new HASH_VERSION, never silently.
    expect(contentHash(rowValues(entry))).toBe("3720da0386e98f20ff77c0a49a02cc2a5a939f4c0847a3da481b19d084cd4978");
  });

  it("changes with every column, and keeps null apart from '' and 'null'", () => {
    const base = rowValues(entry);
    const hashes = new Set([contentHash(base)]);
    for (const [i] of COLUMNS.entries()) {
      for (const other of [null, "", "null", `${base[i] ?? ""}x`]) {
        if (other === base[i]) continue;
        const changed = [...base];
        changed[i] = other;
        hashes.add(contentHash(changed));
      }
    }
    // Every variant hashed apart from the original and from each other.
    const variants = COLUMNS.length * 4 - base.filter((v) => v === null).length;
    expect(hashes.size).toBe(1 + variants);
  });

  it("reads a decimal string as given, so a new scale is a change", () => {
    expect(contentHash(rowValues({ ...entry, amount: "-12.5" }))).not.toBe(contentHash(rowValues(entry)));
  });

  it("keeps a separator inside a value apart from one between values", () => {
    const a = rowValues({ ...entry, creditorName: 'Shop","NL91', creditorIban: null });
    const b = rowValues({ ...entry, creditorName: "Shop", creditorIban: "NL91" });
    expect(contentHash(a)).not.toBe(contentHash(b));
  });
});
