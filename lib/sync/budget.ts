// PSD2 RTS Art. 36(5): at most 4 unattended accesses per consent and account in 24 hours, retries
// included. Each unattended attempt reserves a slot before it calls the bank; the reservation is
// serialised per (consent, account) with an advisory lock, so two workers can never make a 5th.
import type { PoolClient } from "pg";
import { pgTransaction, pool } from "@/lib/db/client";
import { psd2Accesses, psd2Refusals } from "@/lib/metrics/metrics";

const UNATTENDED_PER_DAY = 4;
/** Scheduled updates use at most 3, keeping one slot for a retry. */
export const MAX_SCHEDULED_PER_DAY = 3;

type Budget = { used: number; left: number; nextAllowedAt: string | null };

async function usage(
  client: PoolClient | ReturnType<typeof pool>,
  consentId: string,
  accountId: string,
): Promise<Budget> {
  const { rows } = await client.query<{ used: number; oldest: Date | null }>(
    `SELECT count(*)::int AS used, min(at) AS oldest FROM bank_accesses
      WHERE consent_id = $1 AND account_id = $2 AND at > now() - interval '24 hours'`,
    [consentId, accountId],
  );
  const used = rows[0]?.used ?? 0;
  const oldest = rows[0]?.oldest ?? null;
  const left = Math.max(0, UNATTENDED_PER_DAY - used);
  return {
    used,
    left,
    nextAllowedAt: left > 0 ? null : oldest ? new Date(oldest.getTime() + 24 * 3600 * 1000).toISOString() : null,
  };
}

export function budgetFor(consentId: string, accountId: string): Promise<Budget> {
  return usage(pool(), consentId, accountId);
}

/** Reserves one unattended access, or says when the next one is allowed. */
export async function reserveUnattendedAccess(
  consentId: string,
  accountId: string,
  runId: string,
): Promise<{ reserved: true } | { reserved: false; nextAllowedAt: string | null }> {
  // Committing a transaction that only took the lock and counted is harmless: nothing was written.
  const result = await pgTransaction(async (client) => {
    await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`psd2:${consentId}:${accountId}`]);
    const budget = await usage(client, consentId, accountId);
    if (budget.left === 0) return { reserved: false as const, nextAllowedAt: budget.nextAllowedAt };
    await client.query(
      "INSERT INTO bank_accesses (id, consent_id, account_id, run_id) VALUES (gen_random_uuid(), $1, $2, $3)",
      [consentId, accountId, runId],
    );
    return { reserved: true as const };
  });
  (result.reserved ? psd2Accesses : psd2Refusals).inc();
  return result;
}
