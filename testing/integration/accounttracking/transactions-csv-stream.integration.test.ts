// The CSV export of a large account is streamed: the answer starts after the first page of rows is
// read, and the rest follows page by page as the client reads, so the server never holds the whole
// file (up to a million rows) as one string. The bytes are those of the whole file all the same.
// The same for the Transactions page's export of every account.
import v8 from "node:v8";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as scopeCsvRoute from "@/app/api/accounttracking/v1/transactions.csv/route";
import { makePerson } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";
import { storedAccount } from "@/testing/support/stored-account";

const ROWS = 50_000;

// What the process holds after a full collection: the heap and the buffers outside it (a response
// body's bytes). Without the collection, garbage from pages already sent would count too; the
// process's rss is no measure here (it grew 36–58 MB streamed and 65 MB built whole: the heap is
// collected lazily and rarely given back).
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc") as () => void;
function heldBytes(): number {
  collect();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

type Streamed = { chunks: number; bytes: number; largest: number; peakHeld: number; lines: number; first: string };

/** Reads the answer's body chunk by chunk, counting lines as they pass; the file is never kept. */
async function readStreamed(response: Response, heldBefore: number): Promise<Streamed> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/csv");
  expect(response.body).not.toBeNull();
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const seen: Streamed = { chunks: 0, bytes: 0, largest: 0, peakHeld: 0, lines: 0, first: "" };
  let tail = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen.chunks += 1;
    seen.bytes += value.byteLength;
    seen.largest = Math.max(seen.largest, value.byteLength);
    seen.peakHeld = Math.max(seen.peakHeld, heldBytes() - heldBefore);
    const text = tail + decoder.decode(value, { stream: true });
    const parts = text.split("\r\n");
    tail = parts.pop() ?? "";
    if (!seen.first) seen.first = parts[0] ?? "";
    seen.lines += parts.length;
  }
  expect(tail).toBe("");
  return seen;
}

/** Several chunks, none near the whole file, and the process never holding the file. */
function expectStreamed(seen: Streamed, rows: number) {
  expect(seen.first).toMatch(/^date,bookingDate,valueDate,status,amount,currency,/);
  expect(seen.lines).toBe(rows + 1);
  // Several chunks, none near the whole file: the file was never one string.
  expect(seen.chunks).toBeGreaterThan(1);
  expect(seen.largest).toBeLessThan(seen.bytes / 4);
  // While it is read, the process holds a page or so (≈ 2.8 MB for 50,000 rows, flat from the
  // third chunk on), never the file (6.6 MB; building it whole held 13.7 MB).
  expect(seen.peakHeld).toBeLessThan(seen.bytes * 0.6);
}

let headers: Record<string, string>;
let accountId: string;
let scopeHeaders: Record<string, string>;

beforeAll(async () => {
  const person = await makePerson("csv-stream");
  headers = bearer(person.token, person.scopeId);
  accountId = (await storedAccount(person, ROWS)).accountId;
  // Every account's export: two accounts, 100,000 rows between them.
  const scoped = await makePerson("csv-stream-scope");
  scopeHeaders = bearer(scoped.token, scoped.scopeId);
  await storedAccount(scoped, ROWS);
  await storedAccount(scoped, ROWS);
  // 150,000 rows written through the figures' triggers: about a minute on a busy 2-core machine.
}, 240_000);

describe("the CSV export of a large account", () => {
  it("arrives as a stream of page-sized chunks, with bounded memory, and is the whole file", async () => {
    const heldBefore = heldBytes();
    const request = new Request("http://localhost/x", { headers });
    const response = await csvRoute.GET(request, { params: Promise.resolve({ id: accountId }) });
    expectStreamed(await readStreamed(response, heldBefore), ROWS);
  });
});

describe("the CSV export of every account", () => {
  it("streams 100,000 rows of two accounts the same way", async () => {
    const heldBefore = heldBytes();
    const request = new Request("http://localhost/x", { headers: scopeHeaders });
    const response = await scopeCsvRoute.GET(request, { params: Promise.resolve({}) });
    expectStreamed(await readStreamed(response, heldBefore), 2 * ROWS);
    // 20 pages, each followed by a full collection to measure: 32 s on a busy 2-core machine.
  }, 120_000);
});
