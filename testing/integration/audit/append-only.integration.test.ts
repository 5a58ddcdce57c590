// The audit trail is append-only in the database itself: UPDATE is refused always; DELETE and
// TRUNCATE are refused unless the transaction marked itself as the retention purge, which removes
// only rows past AUDIT_RETENTION_DAYS and runs in the hourly retention job.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { purgeAuditEvents } from "@/lib/audit/retention";
import { pgTransaction, pool } from "@/lib/db/client";
import { purgeExpired } from "@/lib/sync/retention";

const scopeId = randomUUID();

/** A row as recordAudit writes it, dated `daysAgo` (only an INSERT may set the date). */
async function insertRow(daysAgo: number): Promise<string> {
  const { rows } = await pool().query<{ id: string }>(
    `INSERT INTO audit_events (scope_id, occurred_at, actor_kind, action, record_type, record_id, after, request_id)
     VALUES ($1, now() - make_interval(days => $2), 'system', 'client.created', 'client', $3, '{"displayName":"x"}', 'test')
     RETURNING id`,
    [scopeId, daysAgo, randomUUID()],
  );
  return rows[0].id;
}

const actionOf = async (id: string) =>
  (await pool().query<{ action: string }>("SELECT action FROM audit_events WHERE id = $1", [id])).rows[0]?.action;

let fresh: string;

beforeAll(async () => {
  fresh = await insertRow(0);
});

describe("audit_events is append-only", () => {
  it("refuses UPDATE, DELETE and TRUNCATE; the row stays as written", async () => {
    await expect(
      pool().query("UPDATE audit_events SET action = 'consent.revoked' WHERE id = $1", [fresh]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(pool().query("DELETE FROM audit_events WHERE id = $1", [fresh])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(pool().query("TRUNCATE audit_events")).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await actionOf(fresh)).toBe("client.created");
  });

  it("refuses UPDATE even inside the purge's own transaction", async () => {
    await expect(
      pgTransaction(async (client) => {
        await client.query("SELECT set_config('ledgerlink.audit_purge', 'on', true)");
        await client.query("UPDATE audit_events SET after = '{}' WHERE id = $1", [fresh]);
      }),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    // The purge's mark is transaction-local: the next statement on the pool is refused again.
    await expect(pool().query("DELETE FROM audit_events WHERE id = $1", [fresh])).rejects.toThrow(/append-only/);
  });

  it("the retention purge removes rows past the retention period only", async () => {
    const old = await insertRow(401);
    const kept = await insertRow(399);
    expect(await purgeAuditEvents(new Date(), 400)).toBeGreaterThanOrEqual(1);
    expect([await actionOf(old), await actionOf(kept), await actionOf(fresh)]).toEqual([
      undefined,
      "client.created",
      "client.created",
    ]);
  });

  it("runs in the hourly retention job with AUDIT_RETENTION_DAYS (default 400)", async () => {
    const old = await insertRow(500);
    const purged = await purgeExpired();
    expect(purged.auditEvents).toBeGreaterThanOrEqual(1);
    expect(await actionOf(old)).toBeUndefined();
    expect(await actionOf(fresh)).toBe("client.created");
  });
});
