// Retention purges what is past its time and nothing else: expired idempotency keys, ended
// rate-limit windows, bank accesses older than the 24 h budget, finished runs beyond the newest N per
// account (never a queued one, never one that paired re-issued ids), stats versions of deleted subjects.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { purgeExpired } from "@/lib/sync/retention";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

const count = async (sql: string, params: unknown[]) => (await pool().query<{ n: number }>(sql, params)).rows[0].n;

describe("retention", () => {
  it("purges what is past retention and keeps the rest", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    const tag = randomUUID();
    const keys = ["old-done", "fresh-done", "old-locked"].map((k) => `${tag}-${k}`);
    await pool().query(
      `INSERT INTO idempotency_keys (principal_key, scope_key, key, method, path, request_hash, state, locked_until, expires_at) VALUES
        ('p', 's', $1, 'POST', '/x', 'h', 'completed', now() - interval '2 days', now() - interval '1 hour'),
        ('p', 's', $2, 'POST', '/x', 'h', 'completed', now(), now() + interval '23 hours'),
        ('p', 's', $3, 'POST', '/x', 'h', 'in_flight', now() + interval '1 minute', now() - interval '1 hour')`,
      keys,
    );
    const nowMs = Date.now();
    await pool().query("INSERT INTO rate_limits (key, points, expire) VALUES ($1, 3, $2), ($3, 3, $4)", [
      `${tag}-old`,
      nowMs - 2 * 3600_000,
      `${tag}-live`,
      nowMs + 30_000,
    ]);
    await pool().query(
      `INSERT INTO bank_accesses (id, consent_id, account_id, run_id, at) VALUES
        (gen_random_uuid(), $1, $2, NULL, now() - interval '26 hours'), (gen_random_uuid(), $1, $2, NULL, now() - interval '23 hours')`,
      [c.consentId, account.id],
    );
    // The first (tracking) run stays queued; 6 finished runs, the oldest of which paired re-issues.
    const finished: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { rows } = await pool().query<{ id: string }>(
        `INSERT INTO sync_runs (id, scope_id, account_id, trigger, attended, state, created_at, finished_at)
         VALUES (gen_random_uuid(), $1, $2, 'scheduled', false, $3, now() - make_interval(hours => $4), now()) RETURNING id`,
        [c.person.scopeId, account.id, i % 2 ? "failed" : "succeeded", 10 - i],
      );
      finished.push(rows[0].id);
    }
    await pool().query(
      `INSERT INTO transaction_reissues (id, transaction_id, account_id, run_id, old_external_id, new_external_id)
       VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, 'a', 'b')`,
      [account.id, finished[0]],
    );

    // Stats versions: the account's and its scope's stay; one of an account deleted since goes.
    const gone = randomUUID();
    await pool().query("INSERT INTO stats_versions (subject_id, version) VALUES ($1, 3)", [gone]);
    await pool().query(
      "INSERT INTO stats_versions (subject_id, version) VALUES ($1, 1), ($2, 1) ON CONFLICT DO NOTHING",
      [account.id, c.person.scopeId],
    );

    // What runs saw (lib/sync/ingest.ts): kept while the run may still read it, purged once its run is gone.
    const goneRun = randomUUID();
    await pool().query("INSERT INTO sync_run_pages (run_id, external_ids) VALUES ($1, '{a}'), ($2, '{b}')", [
      first.id,
      goneRun,
    ]);

    const purged = await purgeExpired(new Date(), 3);

    expect(await count("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ANY($1)", [keys])).toBe(2);
    expect(await count("SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1", [keys[0]])).toBe(0);
    expect(await count("SELECT count(*)::int AS n FROM rate_limits WHERE key LIKE $1", [`${tag}-%`])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM rate_limits WHERE key = $1", [`${tag}-live`])).toBe(1);
    expect(await count("SELECT count(*)::int AS n FROM bank_accesses WHERE account_id = $1", [account.id])).toBe(1);
    const left = (
      await pool().query<{ id: string }>("SELECT id FROM sync_runs WHERE account_id = $1", [account.id])
    ).rows.map((r) => r.id);
    // Kept: the queued run, the newest 3 finished, and the oldest (it paired re-issues).
    expect(new Set(left)).toEqual(new Set([first.id, finished[0], finished[3], finished[4], finished[5]]));
    expect(purged.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(purged.rateLimits).toBeGreaterThanOrEqual(1);
    expect(purged.bankAccesses).toBeGreaterThanOrEqual(1);
    expect(purged.syncRuns).toBeGreaterThanOrEqual(2);
    const versions = await pool().query<{ subject_id: string }>(
      "SELECT subject_id FROM stats_versions WHERE subject_id = ANY($1)",
      [[gone, account.id, c.person.scopeId]],
    );
    expect(new Set(versions.rows.map((r) => r.subject_id))).toEqual(new Set([account.id, c.person.scopeId]));
    expect(purged.statsVersions).toBeGreaterThanOrEqual(1);
    const pages = await pool().query<{ run_id: string }>("SELECT run_id FROM sync_run_pages WHERE run_id = ANY($1)", [
      [first.id, goneRun],
    ]);
    expect(pages.rows.map((r) => r.run_id)).toEqual([first.id]);
  });
});
