// `npm run bench -- import`: a 100,000-entry camt.053 (testing/support/statements/camt053-generated.ts,
// about 90 MB) uploaded to the running app over HTTP and imported by the worker's job (run here, in
// the bench process, as a worker process would), against the floor: the same rows as plain batched
// INSERTs of 1,000 into an empty copy of the table (scripts/bench/sync.ts plainInsert). Beside the
// time, what memory the file costs: the server's resident size while it receives the upload (its
// process tree, sampled every 50 ms), and the job's heap while it streams the file through the reader
// and writes it. Not a test: nothing passes or fails on these figures.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type pg from "pg";
import { runStatementImport } from "@/lib/statements/import/run-import";
import { generatedCamt053 } from "@/testing/support/statements/camt053-generated";
import { fileAccount } from "@/testing/support/statements/file-account";
import { plainInsert } from "./sync";

const ENTRIES = Number(process.env.IMPORT_BENCH_ENTRIES ?? 100_000);

type Person = { scopeId: string; userId: string; token: string };

/** Resident kB of a process and all its descendants (Linux /proc); the root must exist. */
function serverRssKb(pid: number): number {
  const kb = treeRssKb(pid);
  if (kb === 0) throw new Error(`no resident size for the server process ${pid}: is it running?`);
  return kb;
}

function treeRssKb(pid: number): number {
  const children = (() => {
    try {
      return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      // pgrep exits 1 when there are none.
      return [];
    }
  })();
  let own = 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    // The process ended between the listing and the read.
  }
  return own + children.reduce((sum, child) => sum + treeRssKb(child), 0);
}

/** Samples `measure` every `everyMs` while `work` runs; answers its result, the first sample and the peak. */
async function sampled<T>(measure: () => number, work: () => Promise<T>, everyMs = 50) {
  const first = measure();
  let peak = first;
  const timer = setInterval(() => {
    peak = Math.max(peak, measure());
  }, everyMs);
  try {
    const result = await work();
    peak = Math.max(peak, measure());
    return { result, first, peak };
  } finally {
    clearInterval(timer);
  }
}

export async function benchImport(db: pg.Pool, baseUrl: string, person: Person, serverPid: number) {
  const account = await fileAccount(person, { iban: "NL91ABNA0417164300", currency: "EUR" });
  const file = Buffer.from([...generatedCamt053(ENTRIES)].join(""));

  const upload = await sampled(
    () => serverRssKb(serverPid),
    async () => {
      const t = performance.now();
      const res = await fetch(
        `${baseUrl}/api/accounttracking/v1/accounts/${account.id}/statements?fileName=generated.xml`,
        {
          method: "POST",
          headers: {
            authorization: `Bearer ${person.token}`,
            "x-scope": person.scopeId,
            "content-type": "application/xml",
          },
          body: file,
        },
      );
      const body = (await res.json()) as { data?: { id: string }; error?: { message: string } };
      if (res.status !== 202 || !body.data) throw new Error(`upload answered ${res.status}: ${body.error?.message}`);
      return { importId: body.data.id, ms: performance.now() - t };
    },
  );

  // The job's live heap: collected before each sample (node --expose-gc, as `npm run bench` starts
  // this script), so the figure is what the import holds, not garbage waiting for a collection.
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with node --expose-gc (npm run bench does)");
  gc();
  const job = await sampled(
    () => {
      gc();
      return process.memoryUsage().heapUsed / 1024;
    },
    async () => {
      const t = performance.now();
      await runStatementImport(upload.result.importId);
      return performance.now() - t;
    },
    1000,
  );
  const { rows } = await db.query<{ state: string; added: number; error: string | null }>(
    "SELECT state::text, added, error FROM statement_imports WHERE id = $1",
    [upload.result.importId],
  );
  if (rows[0]?.state !== "succeeded") throw new Error(`import ${rows[0]?.state}: ${rows[0]?.error}`);
  const floor = await plainInsert(db, account.id);
  return {
    entries: ENTRIES,
    fileBytes: file.byteLength,
    added: rows[0].added,
    uploadMs: upload.result.ms,
    serverRssBeforeKb: upload.first,
    serverRssPeakKb: upload.peak,
    importMs: job.result,
    jobHeapBeforeKb: job.first,
    jobHeapPeakKb: job.peak,
    plainInsertMs: floor.emptyCopyMs,
  };
}
