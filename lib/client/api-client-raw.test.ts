// The raw-body variant of the client (a statement file as the body): the bytes go as they are, with
// their media type, the scope and the session's credentials, one Idempotency-Key for every retry of
// the same upload, and the caller learns the status (a 200 "already imported" is not a 202 "queued").
import { describe, expect, it } from "vitest";
import { createApiClient } from "@/lib/client/api-client";
import { isApiCallError } from "@/lib/client/errors";

type Sent = { url: string; init: RequestInit; body: string };

function fakeFetch(answers: Response[]) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body instanceof Blob ? await init.body.text() : typeof init?.body === "string" ? init.body : "";
    sent.push({
      url: typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      init: init ?? {},
      body,
    });
    const next = answers.shift();
    if (!next) throw new Error("no answer left");
    return next;
  };
  return { fetch, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const client = (fetch: typeof globalThis.fetch) =>
  createApiClient({ fetch, scopeId: () => "scope-1", retry: { sleep: () => Promise.resolve() } });

describe("scoped.sendRaw", () => {
  it("sends the file's bytes with their type, the scope and credentials, and answers the status with the data", async () => {
    const { fetch, sent } = fakeFetch([json(202, { data: { id: "imp-1" }, meta: { requestId: "r" } })]);
    const file = new Blob(["Datum;Betrag\n01.02.2026;-1,50\n"], { type: "text/csv" });
    const answer = await client(fetch).scoped.sendRaw<{ id: string }>(
      "/api/x/statements",
      { bytes: file, contentType: "text/csv" },
      { fileName: "a b.csv", format: "csv", layoutId: null },
    );
    expect(answer).toEqual({ status: 202, data: { id: "imp-1" } });
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe("/api/x/statements?fileName=a+b.csv&format=csv");
    expect(sent[0].body).toBe("Datum;Betrag\n01.02.2026;-1,50\n");
    const headers = sent[0].init.headers as Record<string, string>;
    expect(headers["content-type"]).toBe("text/csv");
    expect(headers["x-scope"]).toBe("scope-1");
    expect(headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].init.credentials).toBe("same-origin");
  });

  it("a retry after a 503 sends the same bytes under the same key; a 200 is told apart from a 202", async () => {
    const { fetch, sent } = fakeFetch([
      json(503, { error: { code: "service_unavailable", message: "busy" }, meta: { requestId: "r1" } }),
      json(200, { data: { id: "earlier" }, meta: { requestId: "r2" } }),
    ]);
    const answer = await client(fetch).scoped.sendRaw<{ id: string }>("/api/x/statements", {
      bytes: new Blob(["<Document/>"]),
      contentType: "application/xml",
    });
    expect(answer).toEqual({ status: 200, data: { id: "earlier" } });
    expect(sent.map((s) => s.body)).toEqual(["<Document/>", "<Document/>"]);
    const keys = sent.map((s) => (s.init.headers as Record<string, string>)["idempotency-key"]);
    expect(keys[0]).toBe(keys[1]);
  });

  it("a 422 is thrown with the server's message and details", async () => {
    const { fetch } = fakeFetch([
      json(422, {
        error: { code: "validation_failed", message: "This is not a statement.", details: { file: ["line 1: …"] } },
        meta: { requestId: "r" },
      }),
    ]);
    const failure = await client(fetch)
      .scoped.sendRaw("/api/x/statements", { bytes: new Blob(["x"]), contentType: "text/plain" })
      .catch((e: unknown) => e);
    expect(isApiCallError(failure)).toBe(true);
    expect(failure).toMatchObject({
      status: 422,
      message: "This is not a statement.",
      details: { file: ["line 1: …"] },
    });
  });
});
