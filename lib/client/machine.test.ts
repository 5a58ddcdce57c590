// The client against a local HTTP server: waits as Retry-After says, keeps one Idempotency-Key per
// logical POST, never retries a 422, and pages through transactions with the cursor.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/client/api-client";
import { ApiCallError } from "@/lib/client/errors";
import { createMachineClient } from "@/lib/client/machine";

type Seen = { at: number; method: string; url: string; headers: IncomingMessage["headers"] };
type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

let server: Server | null = null;

async function serve(answer: (seen: Seen, index: number) => Answer): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      const entry = { at: performance.now(), method: req.method ?? "", url: req.url ?? "", headers: req.headers };
      seen.push(entry);
      const a = answer(entry, seen.length - 1);
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(a.body === undefined ? "" : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

const error = (code: string, requestId: string, details?: Record<string, string[]>) => ({
  error: { code, message: `failed: ${code}`, ...(details ? { details } : {}) },
  meta: { requestId },
});

describe("client retries", () => {
  it("429 with Retry-After, then 503, then 200: waits as told and sends the same Idempotency-Key each time", async () => {
    const { baseUrl, seen } = await serve((_, i) =>
      i === 0
        ? { status: 429, headers: { "retry-after": "1" }, body: error("rate_limited", "r1") }
        : i === 1
          ? { status: 503, body: error("service_unavailable", "r2") }
          : {
              status: 201,
              body: {
                data: {
                  id: "c1",
                  type: "company",
                  displayName: "Acme",
                  countryCode: "BE",
                  createdAt: "2026-01-01T00:00:00Z",
                },
                meta: { requestId: "r3" },
              },
            },
    );
    const client = createApiClient({
      baseUrl,
      token: "ll_key_test",
      scopeId: () => "scope-1",
      retry: { baseDelayMs: 50 },
    });
    const created = await client.createClient({ type: "company", displayName: "Acme", countryCode: "BE" });

    expect(created.id).toBe("c1");
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen[1].at - seen[0].at).toBeGreaterThanOrEqual(990); // Retry-After: 1
    expect(
      seen.every((s) => s.headers["x-scope"] === "scope-1" && s.headers.authorization === "Bearer ll_key_test"),
    ).toBe(true);
  });

  it("two logical POSTs get two keys", async () => {
    const { baseUrl, seen } = await serve(() => ({ status: 201, body: { data: {}, meta: { requestId: "r" } } }));
    const client = createApiClient({ baseUrl, scopeId: () => "s" });
    await client.createScope({ name: "a" });
    await client.createScope({ name: "b" });
    expect(seen[0].headers["idempotency-key"]).not.toBe(seen[1].headers["idempotency-key"]);
  });

  it("does not retry a 422 and throws a typed error with code, details and requestId", async () => {
    const { baseUrl, seen } = await serve(() => ({
      status: 422,
      body: error("validation_failed", "req-422", { displayName: ["displayName is required"] }),
    }));
    const client = createApiClient({ baseUrl, scopeId: () => "s", retry: { baseDelayMs: 1 } });
    const thrown = await client
      .createClient({ type: "company", displayName: "", countryCode: "BE" })
      .catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiCallError);
    expect(thrown).toMatchObject({ status: 422, code: "validation_failed", requestId: "req-422" });
    expect((thrown as ApiCallError).fieldError("displayName")).toBe("displayName is required");
    expect(seen).toHaveLength(1);
  });

  it("never retries earlier than Retry-After: a wait longer than maxDelayMs ends the retries with the 429", async () => {
    const { baseUrl, seen } = await serve(() => ({
      status: 429,
      headers: { "retry-after": "60" },
      body: error("rate_limited", "r429"),
    }));
    const client = createApiClient({ baseUrl, retry: { maxDelayMs: 1_000 } });
    const thrown = await client.listScopes().catch((e: unknown) => e);
    expect(seen).toHaveLength(1);
    expect(thrown).toMatchObject({ status: 429, code: "rate_limited", requestId: "r429", retryAfterSeconds: 60 });
  });

  it("retries a GET on 500 and 502, and gives up after maxRetries with the last error", async () => {
    const { baseUrl, seen } = await serve((_, i) => ({
      status: i === 0 ? 500 : 502,
      body: error(i === 0 ? "server_error" : "bad_gateway", `r${i}`),
    }));
    const client = createApiClient({ baseUrl, retry: { baseDelayMs: 5, maxRetries: 2 } });
    const thrown = await client.listScopes().catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(thrown).toMatchObject({ status: 502, code: "bad_gateway", requestId: "r2" });
  });
});

describe("machine client", () => {
  it("reads every transaction page by following nextCursor, with X-Scope and the filters", async () => {
    const tx = (id: string) => ({ id, amount: "-1.00" });
    const { baseUrl, seen } = await serve((s) => {
      const cursor = new URL(s.url, "http://x").searchParams.get("cursor");
      const next = cursor === null ? "c1" : cursor === "c1" ? "c2" : null;
      return {
        status: 200,
        body: { data: [tx(cursor ?? "first")], meta: { requestId: "r", page: { perPage: 1, nextCursor: next } } },
      };
    });
    const client = createMachineClient({ baseUrl, token: "ll_key_x", scopeId: "scope-9" });
    const ids: string[] = [];
    for await (const items of client.transactionPages("acc-1", {
      perPage: 1,
      fromDate: "2026-01-01",
      status: "booked",
    })) {
      ids.push(...items.map((t) => t.id));
    }
    expect(ids).toEqual(["first", "c1", "c2"]);
    expect(seen).toHaveLength(3);
    const first = new URL(seen[0].url, "http://x");
    expect(first.pathname).toBe("/api/accounttracking/v1/accounts/acc-1/transactions");
    expect(first.searchParams.get("filter[fromDate]")).toBe("2026-01-01");
    expect(first.searchParams.get("filter[status]")).toBe("booked");
    expect(seen.every((s) => s.headers["x-scope"] === "scope-9")).toBe(true);
  });

  it("refuses a scoped call without a scope, before any request", async () => {
    const { baseUrl, seen } = await serve(() => ({ status: 200, body: { data: [], meta: { requestId: "r" } } }));
    const client = createMachineClient({ baseUrl, token: "t" });
    await expect(client.listAccounts()).rejects.toMatchObject({ code: "scope_missing" });
    expect(seen).toHaveLength(0);
  });
});

describe("machine client change feed", () => {
  it("reads an account's feed and the scope's, with the cursor, and hands back nextCursor and hasMore", async () => {
    const { baseUrl, seen } = await serve(() => ({
      status: 200,
      body: {
        data: {
          added: [],
          modified: [],
          removed: [{ id: "t1", accountId: "a1", removedAt: "2026-01-01T00:00:00.000Z" }],
        },
        meta: { requestId: "r", nextCursor: "next", hasMore: true },
      },
    }));
    const client = createMachineClient({ baseUrl, token: "ll_key_x", scopeId: "s1" });
    const account = await client.changes({ accountId: "a1", cursor: "c1", perPage: 10 });
    expect(account).toMatchObject({ nextCursor: "next", hasMore: true, removed: [{ id: "t1" }] });
    await client.changes();
    expect(seen.map((s) => s.url)).toEqual([
      "/api/accounttracking/v1/accounts/a1/transactions/changes?perPage=10&cursor=c1",
      "/api/accounttracking/v1/transactions/changes",
    ]);
    expect(seen[0].headers["x-scope"]).toBe("s1");
  });
});
