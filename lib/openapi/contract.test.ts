// The contract check itself: documented statuses and bodies pass, anything else throws with the path,
// the status and the first validation errors; handlers outside the registry are skipped.
import { describe, expect, it } from "vitest";
import * as transactions from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as removeMember from "@/app/api/scopes/v1/members/[userId]/route";
import { assertContract } from "@/lib/openapi/contract";

const PATH = "/api/accounttracking/v1/accounts/0b7f0a4e-0000-4000-8000-000000000000/transactions";
const meta = { requestId: "req_1" };

describe("assertContract", () => {
  it("accepts a documented page and a documented error", () => {
    const page = { data: [], meta: { ...meta, page: { perPage: 100, nextCursor: null } } };
    expect(() => assertContract(transactions.GET, "GET", PATH, 200, JSON.stringify(page))).not.toThrow();
    const error = { error: { code: "validation_failed", message: "bad", details: { perPage: ["too big"] } }, meta };
    expect(() => assertContract(transactions.GET, "GET", PATH, 422, JSON.stringify(error))).not.toThrow();
  });

  it("rejects a body that breaks the schema, naming the path, status and field", () => {
    const page = { data: [{ id: "x" }], meta: { ...meta, page: { perPage: 100, nextCursor: null } } };
    expect(() => assertContract(transactions.GET, "GET", PATH, 200, JSON.stringify(page))).toThrow(
      /GET .*transactions.* 200[\s\S]*\/data\/0/,
    );
    const wrongCode = { error: { code: "conflict", message: "x" }, meta };
    expect(() => assertContract(transactions.GET, "GET", PATH, 422, JSON.stringify(wrongCode))).toThrow(/422/);
  });

  it("rejects an undocumented status and a body on a 204", () => {
    expect(() => assertContract(transactions.GET, "GET", PATH, 418, "{}")).toThrow(/does not list/);
    expect(() => assertContract(removeMember.DELETE, "DELETE", "/api/scopes/v1/members/x", 204, "{}")).toThrow(
      /has none/,
    );
    expect(() => assertContract(removeMember.DELETE, "DELETE", "/api/scopes/v1/members/x", 204, "")).not.toThrow();
  });

  it("accepts the server's own 431 on any operation and its 413 only where a body is taken", () => {
    const refusal = (code: string) => JSON.stringify({ error: { code, message: "too large" }, meta });
    expect(() => assertContract(transactions.GET, "GET", PATH, 431, refusal("request_header_too_large"))).not.toThrow();
    const member = "/api/scopes/v1/members/x";
    expect(() =>
      assertContract(removeMember.DELETE, "DELETE", member, 413, refusal("payload_too_large")),
    ).not.toThrow();
    expect(() => assertContract(transactions.GET, "GET", PATH, 413, refusal("payload_too_large"))).toThrow(
      /does not list/,
    );
  });

  it("skips handlers outside the registry and the 405 stubs of unsupported methods", () => {
    expect(() => assertContract(() => Promise.resolve(new Response()), "GET", "/x", 418, "nope")).not.toThrow();
    expect(() => assertContract(transactions.POST, "POST", PATH, 405, "{}")).not.toThrow();
  });
});
