// Who may end a statement import: the attempt that holds it. A worker that is slow but alive keeps
// its import however long a step takes (its heartbeat goes on beside it), so neither the repair tick
// nor its job coming back restarts it. A worker restarted away from (its process froze past the
// staleness) can neither end nor fail the attempt that replaced it, and leaves it the file's bytes.
// A CI run saw the second case as a test failure: a batch that took longer than SYNC_STALE_SECONDS
// on a loaded machine, the import restarted under its still-running worker, and the two attempts
// failed each other ("failed" where "succeeded" was due).
import { describe, expect, it, vi } from "vitest";
import { pool } from "@/lib/db/client";
import { env } from "@/lib/env";
import { failImport, importStatement } from "@/lib/statements/import/import-statement";
import { holdImport, ImportTakenOver, moveImport, type ImportClaim } from "@/lib/statements/import/lifecycle";
import { readStatementFile } from "@/lib/statements/import/read-file";
import { restartStalledImports, runStatementImport } from "@/lib/statements/import/run-import";
import { discardUpload } from "@/lib/statements/import/upload";
import { trackingPerson } from "@/testing/support/consent-flow";
import { call } from "@/testing/support/http";
import { camt053OfEntries, fileEntry } from "@/testing/support/statements/camt053-generated";
import * as fileRoute from "@/app/api/accounttracking/v1/accounts/file/route";
import * as importsRoute from "@/app/api/accounttracking/v1/accounts/[id]/statements/route";

const IBAN = "NL91ABNA0417164300";

const entry = (i: number) =>
  fileEntry({
    amount: `-${10 + i}.25`,
    currency: "EUR",
    bookingDate: `2024-06-1${i}`,
    valueDate: `2024-06-1${i}`,
    accountServicerReference: `ATTEMPT-${i}`,
    creditorName: `Supplier ${i}`,
    remittanceInformation: `Invoice ${i}`,
  });

type Import = { state: string; attempt: number; rows: number; chunks: number; error: string | null };

/** A file account with a camt.053 of three entries uploaded: the import queued, its bytes kept. */
async function queuedImport(name: string) {
  const { headers } = await trackingPerson(name);
  const created = await call<{ data: { id: string } }>(fileRoute.POST, "POST", "x", {
    headers,
    body: { name: "Attempts", iban: IBAN, currency: "EUR", bankName: "Bank", accountType: "private" },
  });
  expect(created.status).toBe(201);
  const file = camt053OfEntries({
    iban: IBAN,
    currency: "EUR",
    statementId: `ATT-${name}`,
    opening: "100.00",
    entries: [1, 2, 3].map(entry),
  });
  const sent = await call<{ data: { id: string; state: string } }>(importsRoute.POST, "POST", "x", {
    headers: { ...headers, "content-type": "application/octet-stream" },
    params: { id: created.json.data.id },
    query: "fileName=attempts.xml",
    rawBody: file,
  });
  expect([sent.status, sent.json.data.state]).toEqual([202, "queued"]);
  const items = async () => (await readStatementFile(new TextEncoder().encode(file))).items;
  return { importId: sent.json.data.id, items };
}

async function importRow(importId: string): Promise<Import> {
  const { rows } = await pool().query<Import>(
    `SELECT i.state::text AS state, i.attempt, i.error,
            (SELECT count(*)::int FROM transactions t WHERE t.statement_import_id = i.id) AS rows,
            (SELECT count(*)::int FROM statement_file_chunks c WHERE c.upload_id = i.upload_id) AS chunks
       FROM statement_imports i WHERE i.id = $1`,
    [importId],
  );
  return rows[0];
}

const heartbeatAge = async (importId: string): Promise<number> => {
  const { rows } = await pool().query<{ age: number }>(
    "SELECT extract(epoch FROM now() - heartbeat_at)::float8 AS age FROM statement_imports WHERE id = $1",
    [importId],
  );
  return rows[0].age;
};

/** Its worker froze: the import looks stalled to the repair tick. */
const freeze = (importId: string) =>
  pool().query("UPDATE statement_imports SET heartbeat_at = now() - interval '1 hour' WHERE id = $1", [importId]);

describe("a statement import's attempts", () => {
  it("a worker slow past the staleness keeps its import: its heartbeat goes on, and neither the repair tick nor its job coming back restarts it", async () => {
    const { importId, items } = await queuedImport("slowworker");
    const outcome = await holdImport(importId, async (claim) => {
      expect(claim.attempt).toBe(1);
      // A step that takes longer than SYNC_STALE_SECONDS: the import's start is older than that,
      // its heartbeat younger, as the holder beats beside the step.
      await vi.waitFor(
        async () => {
          const { rows } = await pool().query<{ started: number }>(
            "SELECT extract(epoch FROM now() - started_at)::float8 AS started FROM statement_imports WHERE id = $1",
            [importId],
          );
          expect(rows[0].started).toBeGreaterThan(env.SYNC_STALE_SECONDS + 0.5);
        },
        { timeout: 20_000, interval: 200 },
      );
      expect(await heartbeatAge(importId)).toBeLessThan(env.SYNC_STALE_SECONDS / 2);
      expect(await restartStalledImports(env.SYNC_STALE_SECONDS)).toBe(0);
      // The job again (pg-boss gave it back): the import is held by a live worker, so it is left alone.
      await runStatementImport(importId);
      expect(await importRow(importId)).toMatchObject({ state: "running", attempt: 1, rows: 0, chunks: 1 });
      return importStatement({ claim, items: await items() });
    });
    expect(outcome?.counts.added).toBe(3);
    expect(await importRow(importId)).toMatchObject({ state: "succeeded", attempt: 1, rows: 3 });
  });

  it("a worker restarted away from can neither end nor fail the attempt that replaced it, and leaves it the bytes", async () => {
    const { importId, items } = await queuedImport("frozenworker");
    // The first attempt's worker froze after it started (no heartbeat from here on).
    const started = await moveImport(pool(), importId, "running");
    const first: ImportClaim = { importId, attempt: started?.attempt ?? 0 };
    expect(first.attempt).toBe(1);
    await freeze(importId);
    expect(await restartStalledImports(env.SYNC_STALE_SECONDS)).toBe(1);
    // The restarted job's worker starts the second attempt …
    const restarted = await moveImport(pool(), importId, "running");
    const second: ImportClaim = { importId, attempt: restarted?.attempt ?? 0 };
    expect(second.attempt).toBe(2);

    // … and the first wakes: its import is refused at its first write, nothing of it kept …
    const lost = await importStatement({ claim: first, items: await items() }).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ImportTakenOver);
    // … its failure, had it had one, is not recorded, and the bytes it read stay for the second.
    await failImport(first, new Error("the first attempt's own failure"), "import");
    const { rows } = await pool().query<{ upload_id: string }>(
      "SELECT upload_id FROM statement_imports WHERE id = $1",
      [importId],
    );
    await discardUpload(rows[0].upload_id);
    expect(await importRow(importId)).toMatchObject({ state: "running", attempt: 2, rows: 0, chunks: 1, error: null });

    const outcome = await importStatement({ claim: second, items: await items() });
    expect(outcome.counts.added).toBe(3);
    await discardUpload(rows[0].upload_id);
    expect(await importRow(importId)).toMatchObject({ state: "succeeded", attempt: 2, rows: 3, chunks: 0 });
  });

  it("a stalled import is restarted, and its new job imports it once from the first byte", async () => {
    const { importId } = await queuedImport("deadworker");
    expect(await moveImport(pool(), importId, "running")).toMatchObject({ attempt: 1 });
    // Its job comes back while the heartbeat is fresh: left to the worker that holds it.
    await runStatementImport(importId);
    expect(await importRow(importId)).toMatchObject({ state: "running", attempt: 1, chunks: 1 });
    // The worker died: once stale, the job (or the repair tick's new one) starts attempt 2.
    await freeze(importId);
    await runStatementImport(importId);
    expect(await importRow(importId)).toMatchObject({ state: "succeeded", attempt: 2, rows: 3, chunks: 0 });
  });
});
