// Per-consent counters: unattended accesses per (consent, account, sandbox day), and the scenario
// state of `ratelimited` and `flaky` (which calls belong to one sync, attempts per page).
import type pg from "pg";
import type { DateOnly } from "@/sandbox/bank/data/dates";
import { query, transaction } from "@/sandbox/bank/store/db";

/** A first-page transactions request after this many quiet seconds starts a new sync. */
const SYNC_GAP_SECONDS = 30;
/** `ratelimited`: how many transactions calls of each sync answer 429. */
export const RATE_LIMITED_CALLS = 2;

/** Counts one unattended access; returns the count including this one. */
export async function countAccess(consentId: string, accountKey: string, day: DateOnly): Promise<number> {
  const { rows } = await query<{ count: number }>(
    `INSERT INTO sandbox_bank.access_counts (consent_id, account_id, day, count) VALUES ($1, $2, $3, 1)
     ON CONFLICT (consent_id, account_id, day) DO UPDATE SET count = access_counts.count + 1 RETURNING count`,
    [consentId, accountKey, day],
  );
  return rows[0].count;
}

/** Records a transactions call; true when it starts a new sync. Locks the (consent, account) row. */
async function markCall(
  c: pg.PoolClient,
  consentId: string,
  accountId: string,
  isFirstPage: boolean,
): Promise<boolean> {
  const inserted = await c.query(
    `INSERT INTO sandbox_bank.scenario_counters (consent_id, account_id, name, value) VALUES ($1, $2, 'tx_calls', 0)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [consentId, accountId],
  );
  const { rows } = await c.query<{ quiet: boolean }>(
    `SELECT now() - updated_at >= make_interval(secs => $3) AS quiet FROM sandbox_bank.scenario_counters
     WHERE consent_id = $1 AND account_id = $2 AND name = 'tx_calls' FOR UPDATE`,
    [consentId, accountId, SYNC_GAP_SECONDS],
  );
  const isNew = isFirstPage && ((inserted.rowCount ?? 0) > 0 || rows[0].quiet);
  await c.query(
    `UPDATE sandbox_bank.scenario_counters SET updated_at = now(), value = value + $3
     WHERE consent_id = $1 AND account_id = $2 AND name = 'tx_calls'`,
    [consentId, accountId, isNew ? 1 : 0],
  );
  return isNew;
}

/** `ratelimited`: true when this call must answer 429. */
export async function rateLimitedCall(consentId: string, accountId: string, isFirstPage: boolean): Promise<boolean> {
  return transaction(async (c) => {
    if (await markCall(c, consentId, accountId, isFirstPage)) {
      await c.query(
        `INSERT INTO sandbox_bank.scenario_counters (consent_id, account_id, name, value) VALUES ($1, $2, 'ratelimited', $3)
         ON CONFLICT (consent_id, account_id, name) DO UPDATE SET value = $3, updated_at = now()`,
        [consentId, accountId, RATE_LIMITED_CALLS],
      );
    }
    const { rowCount } = await c.query(
      `UPDATE sandbox_bank.scenario_counters SET value = value - 1, updated_at = now()
       WHERE consent_id = $1 AND account_id = $2 AND name = 'ratelimited' AND value > 0`,
      [consentId, accountId],
    );
    return (rowCount ?? 0) > 0;
  });
}

/** `flaky`: the number of attempts at this page in the current sync, this one included. */
export async function flakyAttempt(
  consentId: string,
  accountId: string,
  isFirstPage: boolean,
  pageKey: string,
): Promise<number> {
  return transaction(async (c) => {
    if (await markCall(c, consentId, accountId, isFirstPage)) {
      await c.query(
        `DELETE FROM sandbox_bank.scenario_counters WHERE consent_id = $1 AND account_id = $2 AND name LIKE 'flaky:%'`,
        [consentId, accountId],
      );
    }
    const { rows } = await c.query<{ value: number }>(
      `INSERT INTO sandbox_bank.scenario_counters (consent_id, account_id, name, value) VALUES ($1, $2, $3, 1)
       ON CONFLICT (consent_id, account_id, name) DO UPDATE SET value = scenario_counters.value + 1, updated_at = now() RETURNING value`,
      [consentId, accountId, `flaky:${pageKey}`],
    );
    return rows[0].value;
  });
}
