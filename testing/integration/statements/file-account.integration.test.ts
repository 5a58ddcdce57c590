// An account kept from statement files (issue 37), through the API: created with POST /accounts/file
// (201, shown as GET /accounts/{id} shows it, audited), a camt.053 imported into it by the
// upload route and the worker's job, its rows, balances and reconciliation as for any account. It
// is never synced: the sync and auto-update routes answer 409, the scheduler does not pick it even
// when it looks due, and a run that reached the worker anyway fails saying why. Another scope sees
// a 404; bad input is a 422 naming the field.
import { describe, expect, it } from "vitest";
import { FILE_ACCOUNT_NOT_SYNCED } from "@/lib/accounttracking/accounts/file-account";
import { pool } from "@/lib/db/client";
import { runStatementImport } from "@/lib/statements/import/run-import";
import { executeRun } from "@/lib/sync/runner";
import { scheduleDueSyncs } from "@/lib/sync/scheduler";
import { trackingPerson } from "@/testing/support/consent-flow";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { camt053OfEntries, fileEntry, closingOf, type FileEntry } from "@/testing/support/statements/camt053-generated";
import * as fileRoute from "@/app/api/accounttracking/v1/accounts/file/route";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import * as syncStatusRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-status/route";
import * as autoUpdateRoute from "@/app/api/accounttracking/v1/accounts/[id]/auto-update/route";
import * as transactionsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as importsRoute from "@/app/api/accounttracking/v1/accounts/[id]/statements/route";
import * as balancesRoute from "@/app/api/accounttracking/v1/accounts/[id]/balances/route";
import * as reconciliationRoute from "@/app/api/accounttracking/v1/accounts/[id]/reconciliation/route";

const IBAN = "NL91ABNA0417164300";

type Account = {
  id: string;
  source: string;
  consentId: string | null;
  integrationName: string;
  bankId: string;
  bankAccountId: string;
  countryCode: string;
  iban: string | null;
  currency: string;
  name: string | null;
  bankName: string | null;
  accountType: string;
  access: unknown;
  autoUpdatesPerDay: number;
  nextScheduledAt: string | null;
  latestSync: unknown;
};
type Failure = { error: { code: string; message: string; details?: Record<string, string[]> } };

const entry = (i: number, amount: string, bookingDate: string): FileEntry =>
  fileEntry({
    amount,
    currency: "EUR",
    bookingDate,
    valueDate: bookingDate,
    entryReference: `E${i}`,
    accountServicerReference: `FILEACC-${i}`,
    creditorName: amount.startsWith("-") ? `Supplier ${i}` : null,
    debtorName: amount.startsWith("-") ? null : `Customer ${i}`,
    remittanceInformation: `Invoice ${i}`,
  });

function createFileAccount(headers: Record<string, string>, body: unknown) {
  return call<{ data: Account } & Failure>(fileRoute.POST, "POST", "/api/accounttracking/v1/accounts/file", {
    headers,
    body,
  });
}

describe("an account kept from statement files", () => {
  it("is created by the API, takes a camt.053 through the import, and shows its rows, balances and reconciliation", async () => {
    const { person, headers } = await trackingPerson("filekeeper");
    const created = await createFileAccount(headers, {
      name: "Savings at a small bank",
      iban: "nl91 abna 0417 1643 00",
      currency: "EUR",
      bankName: "Kleine Spaarbank",
      accountType: "private",
    });
    expect(created.status).toBe(201);
    const account = created.json.data;
    expect(account).toMatchObject({
      source: "file",
      consentId: null,
      integrationName: "file",
      bankId: "file",
      countryCode: "NL",
      iban: IBAN,
      currency: "EUR",
      name: "Savings at a small bank",
      bankName: "Kleine Spaarbank",
      accountType: "private",
      access: null,
      autoUpdatesPerDay: 0,
      nextScheduledAt: null,
      latestSync: null,
    });
    expect(account.bankAccountId).toMatch(/^file_/);
    // The answer is the account as GET shows it, and the list holds it.
    const shown = await call<{ data: Account }>(accountRoute.GET, "GET", "x", { headers, params: { id: account.id } });
    expect(shown.json.data).toEqual(account);
    const list = await call<{ data: Account[] }>(accountsRoute.GET, "GET", "x", { headers });
    expect(list.json.data.map((a) => [a.id, a.source])).toEqual([[account.id, "file"]]);

    // Audited. (Its account.tracked event, consentId null, is parsed by the event's schema even with
    // no endpoint subscribed: a schema that refused null would have made this a 500.)
    const { rows: trail } = await pool().query<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM audit_events WHERE scope_id = $1 AND record_id = $2",
      [person.scopeId, account.id],
    );
    expect(trail.map((t) => [t.action, t.after.name, t.after.currency])).toEqual([
      ["account.file_account_created", "Savings at a small bank", "EUR"],
    ]);

    // A month's statement, through the upload route and the worker's job.
    const entries = [
      entry(1, "1200.00", "2025-03-03"),
      entry(2, "-45.20", "2025-03-03"),
      entry(3, "-310.75", "2025-03-14"),
      entry(4, "18.05", "2025-03-28"),
    ];
    const file = camt053OfEntries({ iban: IBAN, currency: "EUR", statementId: "MAR-2025", opening: "500.00", entries });
    const sent = await call<{ data: { id: string } }>(importsRoute.POST, "POST", "x", {
      headers: { ...headers, "content-type": "application/octet-stream" },
      params: { id: account.id },
      query: "fileName=march.xml",
      rawBody: file,
    });
    expect(sent.status).toBe(202);
    await runStatementImport(sent.json.data.id);

    const rows = await call<{ data: { amount: string; bookingDate: string }[] }>(transactionsRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
    });
    expect(rows.json.data.map((t) => [t.bookingDate, t.amount]).sort()).toEqual(
      entries.map((e) => [e.bookingDate, e.amount]).sort(),
    );
    const closing = closingOf("500.00", entries);
    const series = await call<{ data: { points: { date: string; amount: string }[] } }>(balancesRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
      query: "from=2025-03-02&to=2025-03-28",
    });
    expect(series.status).toBe(200);
    const points = new Map(series.json.data.points.map((p) => [p.date, p.amount]));
    expect([points.get("2025-03-02"), points.get("2025-03-28")].map(Number)).toEqual([500, Number(closing)]);
    const reconciliation = await call<{ data: { holds: boolean; windows: unknown[]; opening: { source: string } } }>(
      reconciliationRoute.GET,
      "GET",
      "x",
      { headers, params: { id: account.id } },
    );
    expect(reconciliation.status).toBe(200);
    expect([
      reconciliation.json.data.holds,
      reconciliation.json.data.windows,
      reconciliation.json.data.opening.source,
    ]).toEqual([true, [], "file"]);

    // With no bank to read it from, the account shows the newest closing balance its files gave.
    const balance = await pool().query<{ balance_amount: string; balance_date: string }>(
      "SELECT balance_amount::text, balance_date FROM tracked_accounts WHERE id = $1",
      [account.id],
    );
    expect([Number(balance.rows[0].balance_amount), balance.rows[0].balance_date]).toEqual([
      Number(closing),
      "2025-03-28",
    ]);

    // Sync status answers (no bank, no accesses); a sync and automatic updates are refused.
    const status = await call<{ data: { state: string; psd2: { left: number } } }>(syncStatusRoute.GET, "GET", "x", {
      headers,
      params: { id: account.id },
    });
    expect([status.status, status.json.data.state, status.json.data.psd2.left]).toEqual([200, "never_synced", 0]);
    const sync = await call<Failure>(syncRoute.POST, "POST", "x", { headers, params: { id: account.id } });
    expect([sync.status, sync.json.error.message]).toEqual([409, FILE_ACCOUNT_NOT_SYNCED]);
    const auto = await call<Failure>(autoUpdateRoute.PUT, "PUT", "x", {
      headers,
      params: { id: account.id },
      body: { timesPerDay: 2 },
    });
    expect(auto.status).toBe(409);
    const { rows: runs } = await pool().query("SELECT 1 FROM sync_runs WHERE account_id = $1", [account.id]);
    expect(runs).toHaveLength(0);
  });

  it("is never scheduled, even when it looks due, and a run that reaches the worker fails saying why", async () => {
    const { headers } = await trackingPerson("fileschedule");
    const created = await createFileAccount(headers, { name: "Old bank", currency: "CHF", accountType: "company" });
    expect(created.status).toBe(201);
    const id = created.json.data.id;
    expect([created.json.data.countryCode, created.json.data.iban]).toEqual(["XX", null]);
    // Due long before anything else in the database (a scheduler run "in 1970" sees only this one):
    // were consents not joined, it would be picked.
    await pool().query(
      "UPDATE tracked_accounts SET auto_updates_per_day = 2, next_scheduled_at = '1960-01-01T00:00:00Z' WHERE id = $1",
      [id],
    );
    expect(await scheduleDueSyncs(new Date("1970-01-01T00:00:00Z"))).toBe(0);
    expect((await pool().query("SELECT 1 FROM sync_runs WHERE account_id = $1", [id])).rowCount).toBe(0);
    await pool().query("UPDATE tracked_accounts SET auto_updates_per_day = 0, next_scheduled_at = NULL WHERE id = $1", [
      id,
    ]);

    const {
      rows: [run],
    } = await pool().query<{ id: string }>(
      `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended)
       SELECT gen_random_uuid(), scope_id, id, 'manual', true FROM tracked_accounts WHERE id = $1 RETURNING id`,
      [id],
    );
    await executeRun(run.id, "test-worker");
    const { rows: after } = await pool().query<{ state: string; last_error: string }>(
      "SELECT state::text AS state, last_error FROM sync_runs WHERE id = $1",
      [run.id],
    );
    expect(after).toEqual([{ state: "failed", last_error: FILE_ACCOUNT_NOT_SYNCED }]);

    // The kind and the missing consent are one fact: the database refuses to part them.
    await expect(
      pool().query("UPDATE tracked_accounts SET integration_name = 'sandbox' WHERE id = $1", [id]),
    ).rejects.toThrow(/tracked_accounts_file_has_no_consent/);
  });

  it("is another scope's 404, and bad input is a 422 naming the field", async () => {
    const { headers } = await trackingPerson("fileowner");
    const created = await createFileAccount(headers, {
      name: "Mine",
      iban: IBAN,
      currency: "EUR",
      accountType: "private",
    });
    expect(created.status).toBe(201);
    const stranger = await makePerson("stranger");
    const theirs = bearer(stranger.token, stranger.scopeId);
    const seen = await call(accountRoute.GET, "GET", "x", { headers: theirs, params: { id: created.json.data.id } });
    expect(seen.status).toBe(404);
    const synced = await call(syncRoute.POST, "POST", "x", { headers: theirs, params: { id: created.json.data.id } });
    expect(synced.status).toBe(404);

    const valid = { name: "Another", currency: "EUR", accountType: "private" };
    const refused: [unknown, string][] = [
      [{ ...valid, iban: "NL91ABNA0417164301" }, "iban"],
      [{ ...valid, iban: "not an iban" }, "iban"],
      [{ ...valid, currency: "eur" }, "currency"],
      [{ ...valid, currency: "EUT" }, "currency"],
      [{ ...valid, name: "  " }, "name"],
      [{ ...valid, accountType: "savings" }, "accountType"],
      [{ currency: "EUR", accountType: "private" }, "name"],
    ];
    for (const [body, field] of refused) {
      const answer = await createFileAccount(headers, body);
      expect([answer.status, Object.keys(answer.json.error.details ?? {})], JSON.stringify(body)).toEqual([
        422,
        [field],
      ]);
    }
    // Strict: a field it does not take (a consent, say) is refused, not ignored.
    const extra = await createFileAccount(headers, { ...valid, consentId: created.json.data.id });
    expect(extra.status).toBe(422);
    // Nothing refused was kept.
    const list = await call<{ data: Account[] }>(accountsRoute.GET, "GET", "x", { headers });
    expect(list.json.data.map((a) => a.id)).toEqual([created.json.data.id]);
  });
});
