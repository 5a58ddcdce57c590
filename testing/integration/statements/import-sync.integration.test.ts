// A statement file and the PSD2 feed of the same account, against the sandbox bank over HTTP: a
// camt.053 built from the bank's own entries for a period (testing/support/statements/
// camt053-generated.ts), imported after the account synced, and before it did. Either way no entry
// is doubled, the rows carry both sources' ids, and a row only the file brought is never removed by
// a sync that does not list it.
import { describe, expect, it } from "vitest";
import { addDays } from "@/lib/dates/days";
import { importStatementFile } from "@/lib/statements/import/import-file";
import { bankAnswer, type BankEntry, expectEqualToBankAnswer, figures } from "@/testing/support/bank-answer";
import { type Connected, connectedConsent, syncedAccount, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { executeOnce, syncOnce } from "@/testing/support/sync-runs";
import { camt053OfEntries, type FileEntry } from "@/testing/support/statements/camt053-generated";
import { fileEntryOf } from "@/testing/support/statements/bank-file-entry";
import { accountBalances, accountRows, importRow, type ImportedRow } from "@/testing/support/statements/file-account";

withSandboxBank();

/** The bank's booked entries of the `days` days ending `endBefore` days before its newest booking. */
function period(answer: BankEntry[], endBefore: number, days: number): BankEntry[] {
  const booked = answer.filter((e) => e.status === "booked");
  const newest =
    booked
      .map((e) => String(e.raw.bookingDate))
      .sort()
      .at(-1) ?? "";
  const to = addDays(newest, -endBefore);
  const from = addDays(to, -days);
  return booked.filter((e) => String(e.raw.bookingDate) > from && String(e.raw.bookingDate) <= to);
}

const bankFigures = (answer: BankEntry[]) =>
  figures(answer.map((e) => ({ status: e.status, ...e.raw.transactionAmount })));
const rowFigures = (rows: ImportedRow[]) => figures(rows);
const live = (rows: ImportedRow[]) => rows.filter((r) => !r.removed);

/** Imports a camt.053 of `entries` into the account, uploaded by the consent's person. */
function importEntries(
  c: Connected,
  account: { id: string; iban: string | null; currency: string },
  file: { statementId: string; opening: string; entries: FileEntry[]; fileName: string },
) {
  const bytes = Buffer.from(
    camt053OfEntries({
      iban: account.iban ?? "",
      currency: account.currency,
      statementId: file.statementId,
      opening: file.opening,
      entries: file.entries,
    }),
  );
  return importStatementFile({
    scopeId: c.person.scopeId,
    accountId: account.id,
    bytes,
    fileName: file.fileName,
    createdById: c.person.userId,
  });
}

describe("a statement file and the PSD2 feed of one account", () => {
  it("synced first, then the file of a period: every entry matched to its row, nothing doubled, both ids on the rows", async () => {
    const c = await connectedConsent("alice");
    const { account, run } = await syncedAccount(c);
    expect(run.state).toBe("succeeded");
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const chosen = period(answer, 10, 30);
    expect(chosen.length).toBeGreaterThan(20);
    const entries = chosen.map((e, i) => fileEntryOf(e, `STMT-${i}`));

    const result = await importEntries(c, account, {
      statementId: "ALICE-1",
      opening: "1000.00",
      entries,
      fileName: "alice.xml",
    });
    const record = await importRow(result.importId);
    expect([record.state, record.entries, record.added, record.matched, record.unchanged]).toEqual([
      "succeeded",
      chosen.length,
      0,
      chosen.length,
      0,
    ]);
    // Nothing doubled, and every bank field as the bank says.
    await expectEqualToBankAnswer(account.id, answer);
    const rows = await accountRows(account.id);
    const byBankId = new Map(rows.map((r) => [r.external_id, r]));
    chosen.forEach((e, i) => {
      const row = byBankId.get(String(e.raw.transactionId));
      // The bank's id and the file's on one row, seen by both.
      expect([row?.statement_import_id, row?.statement_entry_ref, row?.seen_by_bank]).toEqual([
        result.importId,
        `STMT-${i}`,
        true,
      ]);
    });
    expect(rows.filter((r) => r.statement_import_id !== null)).toHaveLength(chosen.length);
    expect((await accountBalances(account.id)).filter((b) => b.source === "file").map((b) => b.balance_type)).toEqual([
      "openingBooked",
      "closingBooked",
    ]);

    // The next sync changes none of it.
    const next = await syncOnce(account.id, c.person.scopeId);
    expect([next.state, next.added, next.removed, next.reissued]).toEqual(["succeeded", 0, 0, 0]);
    await expectEqualToBankAnswer(account.id, answer);
    expect(await accountRows(account.id)).toEqual(rows);
  });

  it("the file first, then the sync: the bank's entries pair with the file's rows, and a row only the file has stays", async () => {
    // A bank that sends no ids: the file's rows and the bank's entries pair on party, value date and
    // amount, two identical coffees a day among them.
    const c = await connectedConsent("noids");
    const { account, run } = await trackedAccount(c);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const chosen = period(answer, 5, 20);
    expect(chosen.length).toBeGreaterThan(20);
    const coffees = chosen.filter((e) => e.raw.creditorName === "CAFE DE LA GARE");
    expect(coffees.length).toBeGreaterThan(2);
    // On the period's last day, inside the window of every later sync (14 days before the newest booking).
    const latest = chosen.reduce((a, b) => (String(b.raw.bookingDate) > String(a.raw.bookingDate) ? b : a));
    const extra: FileEntry = {
      ...fileEntryOf(latest, "ONLY-IN-FILE"),
      amount: "-123.45",
      creditorName: "Paper Shop",
      creditorIban: null,
      remittanceInformation: "A receipt the bank never listed",
    };
    const entries = [...chosen.map((e, i) => fileEntryOf(e, `STMT-${i}`)), extra];
    const result = await importEntries(c, account, {
      statementId: "NOIDS-1",
      opening: "0.00",
      entries,
      fileName: "noids.xml",
    });
    const record = await importRow(result.importId);
    expect([record.state, record.added, record.matched]).toEqual(["succeeded", entries.length, 0]);
    const fromFile = await accountRows(account.id);
    expect(fromFile.every((r) => !r.seen_by_bank && r.external_id.startsWith("stmt_"))).toBe(true);

    // The account's first sync: the whole history, the file's rows among the days it covers.
    const first = await executeOnce(run.id);
    expect([first.state, first.removed, first.reissued]).toEqual(["succeeded", 0, 0]);
    const afterSync = live(await accountRows(account.id));
    // Every bank entry once, plus the one only the file has.
    expect(afterSync).toHaveLength(answer.length + 1);
    expect(rowFigures(afterSync.filter((r) => r.seen_by_bank))).toEqual(bankFigures(answer));
    // The file's rows were kept (paired, not replaced): same ids of ours, now with the bank's ids too.
    const paired = afterSync.filter((r) => r.statement_import_id === result.importId && r.seen_by_bank);
    expect(paired).toHaveLength(chosen.length);
    expect(paired.every((r) => r.external_id.startsWith("syn_"))).toBe(true);
    expect(new Set(paired.map((r) => r.statement_entry_ref))).toEqual(new Set(chosen.map((_, i) => `STMT-${i}`)));
    const only = afterSync.filter((r) => !r.seen_by_bank);
    expect(only.map((r) => [r.statement_entry_ref, r.amount, r.removed])).toEqual([["ONLY-IN-FILE", "-123.45", false]]);

    // A later sync over the same days neither doubles nor removes anything.
    const next = await syncOnce(account.id, c.person.scopeId);
    expect([next.state, next.added, next.removed, next.reissued]).toEqual(["succeeded", 0, 0, 0]);
    const again = live(await accountRows(account.id));
    expect(again).toHaveLength(answer.length + 1);
    expect(again.filter((r) => !r.seen_by_bank).map((r) => r.statement_entry_ref)).toEqual(["ONLY-IN-FILE"]);
  });
});
