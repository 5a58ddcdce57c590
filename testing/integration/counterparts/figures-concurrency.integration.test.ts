// The maintained figures while a scope's accounts change under a sync page in flight
// (prisma/functions/06_figures.sql, ll_lock_scope_figures). Tracking an account with an IBAN rebuilds
// its scope's figures: rows paid to that IBAN become own-account transfers. A page of another
// account of the scope, written at the same moment, must end up counted as the rebuild would count
// it, whichever commits first; before the lock, the page's rows were in neither the rebuild nor
// flagged with the new IBAN, or the rebuild inserted a figure the page had just added (a unique
// violation: the person's Track answered 409). Each case holds one transaction open on its own
// connection, as a page or a tracking in progress does, and lets the other run against it.
import { afterEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import { pool } from "@/lib/db/client";
import {
  dayFiguresFromRows,
  figuresFromRows,
  maintainedDayFigures,
  maintainedFigures,
} from "@/testing/support/counterpart-figures";
import { makePerson } from "@/testing/support/fixtures";
import { storedTrackedAccount } from "@/testing/support/stored-account";

const OWN_IBAN = "BE68539007547034";
const SISTER_IBAN = "NL91ABNA0417164300";

type Scope = { scopeId: string; userId: string; consentId: string; accounts: string[] };

const open: PoolClient[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) {
    await client.query("ROLLBACK").catch(() => undefined);
    client.release();
  }
});

/** A connection with a transaction begun on it, and its backend's pid. */
async function begun(): Promise<{ client: PoolClient; pid: number }> {
  const client = await pool().connect();
  open.push(client);
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  await client.query("BEGIN");
  return { client, pid: rows[0].pid };
}

async function commit(client: PoolClient) {
  await client.query("COMMIT");
  open.splice(open.indexOf(client), 1);
  client.release();
}

/** Whether the backend waits for an advisory lock (the figures' lock of a scope). */
async function waitsForAdvisoryLock(pid: number): Promise<boolean> {
  const { rows } = await pool().query<{ waiting: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_locks WHERE pid = $1 AND locktype = 'advisory' AND NOT granted) AS waiting",
    [pid],
  );
  return rows[0].waiting;
}

/** A scope with two tracked accounts (an IBAN each) and a committed payment on the first. */
async function scopeWithAccounts(): Promise<Scope> {
  const person = await makePerson("figures-lock");
  const accounts: string[] = [];
  let consentId = "";
  for (const iban of [OWN_IBAN, "DE89370400440532013000"]) {
    const stored = await storedTrackedAccount(person, {
      accountType: "private",
      externalId: `acc-${randomUUID()}`,
      iban,
      currency: "EUR",
    });
    consentId = stored.consentId;
    accounts.push(stored.account.id);
  }
  const scope = { scopeId: person.scopeId, userId: person.userId, consentId, accounts };
  await payment(pool(), scope, accounts[0], "2026-03-02");
  return scope;
}

/** A page of one row: a payment to the sister account's IBAN (a transfer once that account is tracked). */
function payment(db: Pick<PoolClient, "query">, scope: Scope, accountId: string, day: string) {
  return db.query(
    `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date,
                               amount, currency, creditor_name, creditor_iban, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, 'booked', $4, $4, $4, -25.00, 'EUR', 'Sister account', $5, now())`,
    [scope.scopeId, accountId, `tx-${randomUUID()}`, day, SISTER_IBAN],
  );
}

/** The sister account tracked: its IBAN joins the scope's own IBANs. */
function trackSister(db: Pick<PoolClient, "query">, scope: Scope) {
  return db.query(
    `INSERT INTO tracked_accounts (id, scope_id, consent_id, integration_name, bank_id, country_code, account_type,
                                   external_id, iban, currency)
     VALUES (gen_random_uuid(), $1, $2, 'sandbox', 'sbx-be-01', 'BE', 'private', $3, $4, 'EUR')`,
    [scope.scopeId, scope.consentId, `sister-${randomUUID()}`, SISTER_IBAN],
  );
}

/** A statement's outcome without throwing: "done" or the error. */
const settle = (work: Promise<unknown>) =>
  work.then(
    () => "done" as const,
    (error: unknown) => error,
  );

async function expectFiguresEqualRows(scopeId: string) {
  const days = await dayFiguresFromRows(scopeId);
  expect(days.filter((d) => d.transfer).length, "the payments to the sister account count as transfers").toBe(2);
  expect(await maintainedDayFigures(scopeId)).toEqual(days);
  expect(await maintainedFigures(scopeId)).toEqual(await figuresFromRows(scopeId));
}

/** The two writes, each on a connection of its own: a page of the first account, and the tracking. */
const WRITES = {
  page: (db: PoolClient, scope: Scope) => payment(db, scope, scope.accounts[0], "2026-03-03"),
  tracking: (db: PoolClient, scope: Scope) => trackSister(db, scope),
};

describe("a scope's figures when an account is tracked while a sync page of the scope is in flight", () => {
  it.each([
    ["page", "tracking"],
    ["tracking", "page"],
  ] as const)("the %s first: the %s waits for it, and the figures equal the rows", async (first, second) => {
    const scope = await scopeWithAccounts();
    const held = await begun();
    await WRITES[first](held.client, scope);

    const waiting = await begun();
    const written = settle(WRITES[second](waiting.client, scope));
    await expect.poll(() => waitsForAdvisoryLock(waiting.pid), { timeout: 10_000, interval: 20 }).toBe(true);
    await commit(held.client);
    expect(await written).toBe("done");
    await commit(waiting.client);

    await expectFiguresEqualRows(scope.scopeId);
  });

  it("pages of two accounts of one scope add to its figures side by side", async () => {
    const scope = await scopeWithAccounts();
    const first = await begun();
    await payment(first.client, scope, scope.accounts[0], "2026-03-03");
    const second = await begun();
    // Written while the first page is open: it would wait here if pages excluded each other.
    expect(await settle(payment(second.client, scope, scope.accounts[1], "2026-03-04"))).toBe("done");
    expect(await waitsForAdvisoryLock(second.pid)).toBe(false);
    await commit(second.client);
    await commit(first.client);

    const days = await maintainedDayFigures(scope.scopeId);
    expect(days).toEqual(await dayFiguresFromRows(scope.scopeId));
    expect(days.map((d) => d.day).sort()).toEqual(["2026-03-02", "2026-03-03", "2026-03-04"]);
  });
});
