// "A sync failing again and again": when a run of an account fails and that account's last three
// ended runs all failed (lib/sync/run-lifecycle.ts decides, as it owns the run's states), its members
// are told once (one notification per account, refreshed with the bank's latest message while it
// keeps failing) what the bank said and what to do; the next run that succeeds resolves it. Written
// in the run's move's transaction, so a rolled-back move tells nobody.
import "server-only";
import type pg from "pg";
import { grantsAccessSql } from "@/lib/accounttracking/consents/lifecycle";
import { resolveNotification, notify } from "@/lib/notifications/notify";

type Queryable = Pick<pg.PoolClient, "query">;

/** Failures in a row before a person is told: one is weather, three is a pattern. */
export const FAILURES_BEFORE_TELLING = 3;

export const syncFailingKey = (accountId: string) => `sync.failing:${accountId}`;

type Account = { name: string; bank_name: string | null; consent_id: string; has_access: boolean };

/** What to do, by where the account's access stands: reconnect, or wait for the bank. */
function advice(account: Account): { body: string; href: string } {
  if (!account.has_access)
    return {
      body: "The bank no longer grants access to this account. Renew the access to the bank to start syncing again.",
      href: `/consents/${account.consent_id}`,
    };
  return {
    body:
      "Access to the bank is still valid, so the bank is likely unavailable or refusing for now. Ledgerlink tries " +
      "again at the next update; if it goes on for a day, reconnect the bank or tell us.",
    href: "",
  };
}

/** The account's last FAILURES_BEFORE_TELLING runs failed, the latest just now: tells its members. */
export async function tellSyncKeepsFailing(
  db: Queryable,
  run: { scope_id: string; account_id: string; last_error: string | null },
): Promise<boolean> {
  const {
    rows: [account],
  } = await db.query<Account>(
    `SELECT coalesce(ta.nickname, ta.name, ta.product, ta.iban, 'an account') AS name, ta.bank_name, ta.consent_id,
            ${grantsAccessSql("c")} AS has_access
       FROM tracked_accounts ta JOIN consents c ON c.id = ta.consent_id WHERE ta.id = $1::uuid`,
    [run.account_id],
  );
  if (!account) return false;
  const { body, href } = advice(account);
  const bank = account.bank_name ? ` at ${account.bank_name}` : "";
  const said = run.last_error ? ` The bank's last answer: “${run.last_error}”` : "";
  await notify(db, run.scope_id, {
    kind: "sync.failing",
    dedupeKey: syncFailingKey(run.account_id),
    severity: "error",
    title: `Updates of ${account.name}${bank} failed ${FAILURES_BEFORE_TELLING} times in a row`,
    body: `${body}${said}`,
    href: href || `/accounts/${run.account_id}`,
    subject: { type: "account", id: run.account_id },
  });
  return true;
}

/** After a run succeeded: the account syncs again, so its "failing" notification (if any) is resolved. */
export const resolveSyncFailing = (db: Queryable, run: { scope_id: string; account_id: string }) =>
  resolveNotification(db, run.scope_id, syncFailingKey(run.account_id));
