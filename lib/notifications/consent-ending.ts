// "Access ending in N days": a valid consent with a week or less left tells the scope's members
// which bank AND which accounts (their names, the last digits of their IBANs, the holder), so two
// connections at one bank are told apart, with a link to renew it. One notification per consent and
// end date (its dedupe key, as the consent.ending webhook's); resolved once the consent stops
// granting access (renewed, revoked, expired: lib/accounttracking/consents/lifecycle.ts) or the
// bank moved its end date (the worker's tick, resolveOutdatedConsentEndings).
import "server-only";
import { rows, type SqlDb } from "@/lib/db/sql";
import { notify } from "@/lib/notifications/notify";

export const consentEndingKey = (consentId: string, validUntil: string) => `consent.ending:${consentId}:${validUntil}`;

type Ending = { id: string; scope_id: string; bank_name: string | null; valid_until: string; daysLeft: number };
type AccountRow = { name: string | null; iban: string | null; owner_name: string | null };

/** "Main account (…1234), Savings (…9876); held by Acme GmbH": the accounts of the consent as tracked, else as the bank lists them. */
async function accountsOf(db: SqlDb, consentId: string): Promise<string> {
  const accounts = await rows<AccountRow>(
    db,
    `SELECT coalesce(ta.nickname, ta.name, ta.product) AS name, ta.iban, ta.owner_name
       FROM tracked_accounts ta WHERE ta.consent_id = $1::uuid
     UNION ALL
     SELECT coalesce(ca.name, ca.product), ca.iban, ca.owner_name FROM consent_accounts ca
      WHERE ca.consent_id = $1::uuid AND NOT EXISTS (SELECT 1 FROM tracked_accounts ta WHERE ta.consent_id = $1::uuid)
     ORDER BY 1 NULLS LAST, 2 NULLS LAST`,
    [consentId],
  );
  const named = accounts.map((a) => {
    const digits = a.iban ? `…${a.iban.replace(/\s/g, "").slice(-4)}` : null;
    if (a.name && digits) return `${a.name} (${digits})`;
    return a.name ?? digits ?? "an account";
  });
  const holders = [...new Set(accounts.map((a) => a.owner_name).filter((n): n is string => !!n))];
  const list = named.length ? named.join(", ") : "its accounts";
  return holders.length ? `${list}; held by ${holders.join(", ")}` : list;
}

const inDays = (n: number) => (n <= 0 ? "today" : n === 1 ? "tomorrow" : `in ${n} days`);

/**
 * Tells the consent's scope that its access ends soon (in `db`'s transaction); false when the open
 * notice already says so (the tick runs often: it rewrites a notice only when its day count moved).
 */
export async function tellConsentEnding(db: SqlDb, consent: Ending): Promise<boolean> {
  const bank = consent.bank_name ?? "the bank";
  const accounts = await accountsOf(db, consent.id);
  const dedupeKey = consentEndingKey(consent.id, consent.valid_until);
  const title = `Access to ${bank} ends ${inDays(consent.daysLeft)} (${consent.valid_until}): ${accounts}`;
  const [open] = await rows<{ title: string }>(
    db,
    "SELECT title FROM notifications WHERE scope_id = $1::uuid AND dedupe_key = $2 AND resolved_at IS NULL",
    [consent.scope_id, dedupeKey],
  );
  if (open?.title === title) return false;
  await notify(db, consent.scope_id, {
    kind: "consent.ending",
    dedupeKey,
    severity: consent.daysLeft <= 2 ? "error" : "warning",
    title,
    body: `Renew the access to ${bank} before ${consent.valid_until}, or these accounts stop updating. Renewing takes you to the bank to approve it again; nothing stored is lost.`,
    href: `/consents/${consent.id}`,
    subject: { type: "consent", id: consent.id },
  });
  return true;
}

/** The consent stopped granting access (renewed, revoked, expired): its "ending" notice is moot. */
export async function resolveConsentEnding(db: SqlDb, scopeId: string, consentId: string): Promise<number> {
  const done = await rows<{ id: string }>(
    db,
    `UPDATE notifications SET resolved_at = now(), updated_at = now()
      WHERE scope_id = $1::uuid AND kind = 'consent.ending' AND subject_type = 'consent' AND subject_id = $2
        AND resolved_at IS NULL RETURNING id`,
    [scopeId, consentId],
  );
  return done.length;
}

/**
 * Open "ending" notices whose consent no longer grants access or now ends on another day.
 * `grantsAccess`: the lifecycle's predicate over the consent `c` (passed in: the lifecycle imports
 * this module).
 */
export async function resolveOutdatedConsentEndings(db: SqlDb, grantsAccess: string): Promise<number> {
  const done = await rows<{ id: string }>(
    db,
    `UPDATE notifications n SET resolved_at = now(), updated_at = now()
       FROM consents c
      WHERE n.kind = 'consent.ending' AND n.resolved_at IS NULL AND n.subject_type = 'consent'
        AND c.id::text = n.subject_id AND c.scope_id = n.scope_id
        AND (NOT (${grantsAccess}) OR n.dedupe_key <> 'consent.ending:' || c.id || ':' || coalesce(c.valid_until, ''))
      RETURNING n.id`,
    [],
  );
  return done.length;
}
