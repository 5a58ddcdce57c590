// Statement files through the API and the worker's job, with the ledger on top: the upload answers
// 202 and the job imports it (every entry of a synced account matched, nothing doubled, the file's
// balances joining the bank's and reconciling with them); the same file again is a 200 with the
// earlier import; a CSV nobody mapped is a 422 that keeps nothing, and once its layout is saved the
// next file with that header is read without asking. Daily statements of an account known only
// from files, one day's entry missing: reconciliation names that day.
import { describe, expect, it, onTestFinished } from "vitest";
import { addDays } from "@/lib/dates/days";
import { pool, prisma } from "@/lib/db/client";
import { compareDecimals } from "@/lib/money/decimal";
import { runStatementImport } from "@/lib/statements/import/run-import";
import { bankAnswer, type BankEntry } from "@/testing/support/bank-answer";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { camt053OfEntries, fileEntry } from "@/testing/support/statements/camt053-generated";
import { fileEntryOf } from "@/testing/support/statements/bank-file-entry";
import { fileAccount } from "@/testing/support/statements/file-account";
import * as importsRoute from "@/app/api/accounttracking/v1/accounts/[id]/statements/route";
import * as importRoute from "@/app/api/accounttracking/v1/accounts/[id]/statements/[importId]/route";
import * as previewRoute from "@/app/api/accounttracking/v1/accounts/[id]/statements/preview/route";
import * as layoutsRoute from "@/app/api/accounttracking/v1/csv-layouts/route";
import * as balancesRoute from "@/app/api/accounttracking/v1/accounts/[id]/balances/route";
import * as reconciliationRoute from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/route";

withSandboxBank();

type Import = {
  id: string;
  state: string;
  fileBytes: number;
  bytesProcessed: number;
  error: string | null;
  counts: { entries: number; added: number; matched: number; balances: number };
};
type Reconciliation = { holds: boolean; windows: { kind: string; from: string; to: string; difference: string }[] };

/** A small camt.053 for the account: two entries of years before its bank history. */
const fileOf = (account: { iban: string | null; currency: string }) =>
  camt053OfEntries({
    iban: account.iban ?? "",
    currency: account.currency,
    statementId: "SMALL-1",
    opening: "0.00",
    entries: ["12.50", "-3.10"].map((amount, i) =>
      fileEntry({
        amount,
        currency: account.currency,
        bookingDate: `2019-05-1${i}`,
        accountServicerReference: `SMALL-${i}`,
        creditorName: "Small Shop",
        debtorName: "Small Customer",
        remittanceInformation: `Small ${i}`,
      }),
    ),
  });

/** Uploads a file as a person would, then runs the worker's job for it; answers the import as the API shows it. */
async function upload(
  headers: Record<string, string>,
  accountId: string,
  body: string,
  query = "fileName=statement.xml",
) {
  const sent = await call<{ data: Import }>(importsRoute.POST, "POST", "x", {
    headers: { ...headers, "content-type": "application/octet-stream" },
    params: { id: accountId },
    query,
    rawBody: body,
  });
  if (sent.status === 202) await runStatementImport(sent.json.data.id);
  const after =
    sent.status < 300
      ? await call<{ data: Import }>(importRoute.GET, "GET", "x", {
          headers,
          params: { id: accountId, importId: sent.json.data.id },
        })
      : null;
  return { sent, imported: after?.json.data ?? null };
}

/** The bank's booked entries by booking date, for the `count` days with entries before the newest few. */
function bookedDays(answer: BankEntry[], count: number, minEntries = 1): [string, BankEntry[]][] {
  const byDay = new Map<string, BankEntry[]>();
  for (const e of answer.filter((x) => x.status === "booked")) {
    const day = String(e.raw.bookingDate);
    byDay.set(day, [...(byDay.get(day) ?? []), e]);
  }
  return [...byDay]
    .filter(([, list]) => list.length >= minEntries)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-(count + 10), -10);
}

describe("statement files through the API", () => {
  it("a camt.053 of a synced period: 202, every entry matched, its balances reconcile with the bank's; again: 200, the same import", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const days = bookedDays(answer, 20);
    const entries = days.flatMap(([, list]) => list).map((e, i) => fileEntryOf(e, `ALICE-${i}`));
    // The file opens on the true balance at the end of the day before its first entry (the series derives it).
    const first = days[0][0];
    const series = await call<{ data: { points: { date: string; amount: string }[] } }>(balancesRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
      query: `from=${addDays(first, -1)}&to=${days.at(-1)?.[0]}`,
    });
    const opening = series.json.data.points[0].amount;
    const file = camt053OfEntries({
      iban: account.iban ?? "",
      currency: account.currency,
      statementId: "A-1",
      opening,
      entries,
    });

    const { sent, imported } = await upload(headers, account.id, file);
    expect(sent.status).toBe(202);
    expect(sent.json.data.state).toBe("queued");
    expect([imported?.state, imported?.counts.entries, imported?.counts.added, imported?.counts.matched]).toEqual([
      "succeeded",
      entries.length,
      0,
      entries.length,
    ]);
    expect([imported?.counts.balances, imported?.bytesProcessed]).toEqual([2, imported?.fileBytes]);
    // The upload's bytes are let go once imported.
    expect(
      (
        await pool().query(
          "SELECT 1 FROM statement_file_chunks c JOIN statement_imports i ON i.upload_id = c.upload_id WHERE i.id = $1",
          [imported?.id],
        )
      ).rowCount,
    ).toBe(0);

    // The file's opening and closing stand beside the bank's closing balance, and all of them hold.
    const result = await call<{ data: Reconciliation & { opening: { source: string } } }>(
      reconciliationRoute.GET,
      "GET",
      "x",
      {
        headers,
        params: { id: account.id },
      },
    );
    expect(result.json.data.opening.source).toBe("file");
    expect([result.json.data.holds, result.json.data.windows]).toEqual([true, []]);

    const { rows: trail } = await pool().query<{ action: string; after: { fileName: string; format: string } }>(
      "SELECT action, after FROM audit_events WHERE record_id = $1 AND action = 'account.statement_imported'",
      [account.id],
    );
    expect(trail.map((t) => [t.after.fileName, t.after.format])).toEqual([["statement.xml", "camt053"]]);
    const again = await upload(headers, account.id, file, "fileName=again.xml");
    expect(again.sent.status).toBe(200);
    expect(again.sent.json.data.id).toBe(imported?.id);
    const { rows } = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM transactions WHERE account_id = $1 AND statement_import_id IS NOT NULL",
      [account.id],
    );
    expect(rows[0].n).toBe(entries.length);
  });

  it("daily statements of an account known only from files, one day's entry missing: reconciliation names that day", async () => {
    const c = await connectedConsent("alice");
    const { account: synced } = await syncedAccount(c);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, synced.externalId);
    const person = await makePerson("bookkeeper");
    const headers = bearer(person.token, person.scopeId);
    const account = await fileAccount(person, { iban: synced.iban, currency: synced.currency });
    // Days of two entries or more: the day that loses one still adds rows (an import that adds
    // nothing announces nothing), whatever the sandbox's calendar gives on the day the test runs.
    const days = bookedDays(answer, 6, 2);
    // Subscribed so the outbox writes the events; deleted at the end, with its deliveries, so no other
    // test file sharing this database finds them due (deliveries are dispatched database-wide).
    const endpoint = await prisma().webhookEndpoint.create({
      data: {
        scopeId: person.scopeId,
        url: "https://example.com/hook",
        events: ["transactions.changed"],
        secretCiphertext: "unused",
      },
    });
    onTestFinished(async () => {
      await prisma().webhookEndpoint.delete({ where: { id: endpoint.id } });
    });
    let opening = "2500.00";
    const truth: { day: string; closing: string }[] = [];
    for (const [i, [day, list]] of days.entries()) {
      const entries = list.map((e, k) => fileEntryOf(e, `D${i}-${k}`));
      let file = camt053OfEntries({
        iban: account.iban ?? "",
        currency: account.currency,
        statementId: `DAY-${i}`,
        opening,
        entries,
      });
      const closing = file.match(
        /<Cd>CLBD<\/Cd>[\s\S]*?<Amt Ccy="[A-Z]{3}">([\d.]+)<\/Amt>[\s\S]*?<CdtDbtInd>(CRDT|DBIT)/,
      );
      truth.push({ day, closing: closing ? `${closing[2] === "DBIT" ? "-" : ""}${closing[1]}` : "" });
      // Day 3's statement lost one entry; its balances are the bank's, as printed.
      if (i === 3) file = file.replace(/<Ntry>[\s\S]*?<\/Ntry>/, "");
      const { imported } = await upload(headers, account.id, file, `fileName=day-${i}.xml`);
      expect(imported?.state).toBe("succeeded");
      // Imported rows are announced as a sync's are: transactions.changed, counted as the feed lists them.
      const { rows: events } = await pool().query<{ payload: Record<string, unknown> }>(
        "SELECT payload FROM webhook_events WHERE type = 'transactions.changed' AND payload->>'statementImportId' = $1",
        [imported?.id],
      );
      expect(events.map((e) => [e.payload.syncRunId, e.payload.added, e.payload.modified, e.payload.removed])).toEqual([
        [null, imported?.counts.added, 0, 0],
      ]);
      opening = truth[i].closing;
    }
    const result = await call<{ data: Reconciliation & { difference: string } }>(reconciliationRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
    });
    const missing = days[3][1][0];
    expect(result.json.data.holds).toBe(false);
    expect(result.json.data.windows.map((w) => [w.kind, w.from, w.to])).toEqual([["segment", days[3][0], days[3][0]]]);
    expect(compareDecimals(result.json.data.windows[0].difference, String(missing.raw.transactionAmount.amount))).toBe(
      0,
    );
  });

  it("a CSV nobody mapped is a 422 keeping nothing; mapped and saved, the next file with its header imports without asking", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    const answer = await bankAnswer(c.bankId, c.bankConsentId, account.externalId);
    const chosen = bookedDays(answer, 5).flatMap(([, list]) => list);
    const dmy = (d: string) => d.split("-").reverse().join(".");
    const csv = [
      "Buchung;Wert;Betrag;Gegenseite;Zweck",
      ...chosen.map((e) =>
        [
          dmy(String(e.raw.bookingDate)),
          dmy(String(e.raw.valueDate ?? e.raw.bookingDate)),
          String(e.raw.transactionAmount.amount).replace(".", ","),
          typeof e.raw.creditorName === "string"
            ? e.raw.creditorName
            : typeof e.raw.debtorName === "string"
              ? e.raw.debtorName
              : "",
          typeof e.raw.remittanceInformationUnstructured === "string" ? e.raw.remittanceInformationUnstructured : "",
        ].join(";"),
      ),
    ].join("\n");

    const refused = await upload(headers, account.id, csv, "fileName=export.csv");
    expect(refused.sent.status).toBe(422);
    expect(Object.keys((refused.sent.json as unknown as { error: { details: object } }).error.details)).toEqual([
      "layoutId",
    ]);
    expect((await pool().query("SELECT 1 FROM statement_imports WHERE account_id = $1", [account.id])).rowCount).toBe(
      0,
    );

    const preview = await call<{
      data: {
        format: string;
        csv: { header: string[]; rows: string[][]; detected: Record<string, unknown>; saved: unknown };
      };
    }>(previewRoute.POST, "POST", "x", {
      headers: { ...headers, "content-type": "text/csv" },
      params: { id: account.id },
      rawBody: csv,
    });
    expect(preview.status).toBe(200);
    expect([preview.json.data.format, preview.json.data.csv.header, preview.json.data.csv.saved]).toEqual([
      "csv",
      ["Buchung", "Wert", "Betrag", "Gegenseite", "Zweck"],
      null,
    ]);
    expect(preview.json.data.csv.rows).toHaveLength(Math.min(10, chosen.length));
    const layout = {
      ...preview.json.data.csv.detected,
      name: "Alice's bank export",
      // The file names no currency: the person says it (a layout without one is a 422 naming the field).
      currency: account.currency,
      amount: { kind: "signed", column: "Betrag" },
      columns: {
        ...(preview.json.data.csv.detected.columns as object),
        bookingDate: "Buchung",
        valueDate: "Wert",
        counterpartName: "Gegenseite",
        remittanceInformation: "Zweck",
      },
    };
    const saved = await call<{ data: { id: string } }>(layoutsRoute.POST, "POST", "x", {
      headers,
      body: { layout, header: preview.json.data.csv.header },
    });
    expect([saved.status, saved.text]).toEqual([201, expect.any(String)]);

    const { rows: savedTrail } = await pool().query<{ after: { name: string } }>(
      "SELECT after FROM audit_events WHERE record_id = $1 AND action = 'csv_layout.saved'",
      [saved.json.data.id],
    );
    expect(savedTrail.map((t) => t.after.name)).toEqual(["Alice's bank export"]);
    // No layoutId: the saved layout is found by the file's header.
    const { sent, imported } = await upload(headers, account.id, csv, "fileName=export.csv");
    expect(sent.status).toBe(202);
    expect([imported?.state, imported?.error, imported?.counts.added, imported?.counts.matched]).toEqual([
      "succeeded",
      null,
      0,
      chosen.length,
    ]);
  });

  /** Every stored chunk of an uploaded file, as `upload:seq`. */
  const storedChunks = async () =>
    (
      await pool().query<{ chunk: string }>("SELECT upload_id || ':' || seq AS chunk FROM statement_file_chunks")
    ).rows.map((r) => r.chunk);

  it("not a statement, empty, or another scope's account: refused, nothing kept", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const headers = bearer(c.person.token, c.person.scopeId);
    // The chunks stored before the refused files: another file of this worker may have left some.
    const chunksBefore = await storedChunks();
    const junk = await upload(headers, account.id, "%PDF-1.7 not a statement");
    expect(junk.sent.status).toBe(422);
    const empty = await upload(headers, account.id, "");
    expect(empty.sent.status).toBe(422);
    // What the API fuzzer sent: a JSON body reads as a CSV whose first field opens a quote.
    for (const body of ['{"amount": "1.00"}', '"unterminated;quote\n1;2']) {
      const preview = await call<{ error: { code: string } }>(previewRoute.POST, "POST", "x", {
        headers: { ...headers, "content-type": "application/octet-stream" },
        params: { id: account.id },
        rawBody: body,
      });
      expect([preview.status, preview.json.error.code]).toEqual([422, "validation_failed"]);
      expect((await upload(headers, account.id, body)).sent.status).toBe(422);
    }
    const huge = await call<{ error: { code: string } }>(previewRoute.POST, "POST", "x", {
      headers: { ...headers, "content-type": "text/csv" },
      params: { id: account.id },
      rawBody: "a;b\n".repeat(400_000),
    });
    expect([huge.status, huge.json.error.code]).toEqual([413, "payload_too_large"]);
    const stranger = await makePerson("stranger");
    const foreign = await upload(bearer(stranger.token, stranger.scopeId), account.id, "<Document/>");
    expect(foreign.sent.status).toBe(404);
    expect((await pool().query("SELECT 1 FROM statement_imports WHERE account_id = $1", [account.id])).rowCount).toBe(
      0,
    );
    expect((await storedChunks()).filter((chunk) => !chunksBefore.includes(chunk))).toEqual([]);
    // The import routes of this account, from another scope: 404; a malformed or unknown import id: 404.
    const strangerHeaders = bearer(stranger.token, stranger.scopeId);
    const mine = await upload(headers, account.id, fileOf(account));
    for (const [handler, method, params] of [
      [importsRoute.GET, "GET", { id: account.id }],
      [importRoute.GET, "GET", { id: account.id, importId: mine.sent.json.data.id }],
      [previewRoute.POST, "POST", { id: account.id }],
    ] as const) {
      const res = await call(handler, method, "x", {
        headers: strangerHeaders,
        params,
        ...(method === "POST" ? { rawBody: "<Document/>" } : {}),
      });
      expect(res.status).toBe(404);
    }
    for (const importId of ["not-a-uuid", "01a22712-9213-761a-aeef-e2456eb73cb9"])
      expect((await call(importRoute.GET, "GET", "x", { headers, params: { id: account.id, importId } })).status).toBe(
        404,
      );
  });
});
