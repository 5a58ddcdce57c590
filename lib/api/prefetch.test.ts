// Who may start a read before the credentials are checked (lib/api/prefetch.ts): only credentials
// this process saw admitted to that scope, lately, with a role that holds the route's capability,
// and only for a request whose parameters and query are valid. Anything else starts nothing.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Declared } from "@/lib/api/contract";
import { credentialKey, forgetAdmitted, rememberAdmitted, startPrefetch } from "@/lib/api/prefetch";
import type { Role } from "@/lib/generated/prisma/enums";

const contract: Declared = {
  operationId: "listThings",
  summary: "things",
  auth: "any",
  scoped: true,
  capability: "accounts.read",
  uuidParams: ["id"],
  query: z.object({ perPage: z.coerce.number().int().max(500).default(100) }),
  responses: {},
};

const scopeId = randomUUID();
const accountId = randomUUID();
const request = (token = `ll_pat_${randomUUID()}`) =>
  new Request("http://localhost/x", { headers: { authorization: `Bearer ${token}` } });
const url = (query = "perPage=20") => new URL(`http://localhost/x?${query}`);

/** A prefetch that records what it was asked to read. */
function recorder() {
  const calls: unknown[] = [];
  const read = (input: unknown) => {
    calls.push(input);
    return Promise.resolve();
  };
  return { calls, read };
}

/** The key of fresh credentials this process saw admitted to `scope` with `role`. */
function admitted(role: Role, scope: string = scopeId) {
  const key = credentialKey(request(), scope)!;
  rememberAdmitted(key, role);
  return key;
}

afterEach(() => vi.useRealTimers());

describe("startPrefetch", () => {
  it("starts nothing for credentials never admitted, nor for a request without a bearer token", () => {
    const r = recorder();
    const key = credentialKey(request(), scopeId);
    expect(startPrefetch(contract, key, scopeId, { id: accountId }, url(), r.read)).toBeNull();
    const cookieOnly = new Request("http://localhost/x", { headers: { cookie: "a=b" } });
    expect(credentialKey(cookieOnly, scopeId)).toBeNull();
    expect(credentialKey(request(), null)).toBeNull();
    expect(r.calls).toEqual([]);
  });

  it("starts the read, with the parsed query, once the credentials were admitted to that scope", async () => {
    const r = recorder();
    const req = request();
    const key = credentialKey(req, scopeId)!;
    rememberAdmitted(key, "viewer");
    const started = startPrefetch(contract, key, scopeId, { id: accountId }, url(), r.read);
    expect(started).not.toBeNull();
    await started!.read;
    expect(started!.query).toEqual({ perPage: 20 });
    expect(r.calls).toEqual([{ scopeId, params: { id: accountId }, query: { perPage: 20 } }]);
    // The same token in another scope is another key: never admitted there.
    const elsewhere = randomUUID();
    expect(
      startPrefetch(contract, credentialKey(req, elsewhere), elsewhere, { id: accountId }, url(), r.read),
    ).toBeNull();
  });

  it("starts nothing once the credentials were refused, or after the admission's time is up", () => {
    const r = recorder();
    const refused = admitted("member");
    forgetAdmitted(refused);
    expect(startPrefetch(contract, refused, scopeId, { id: accountId }, url(), r.read)).toBeNull();

    vi.useFakeTimers();
    const stale = admitted("member");
    vi.advanceTimersByTime(61_000);
    expect(startPrefetch(contract, stale, scopeId, { id: accountId }, url(), r.read)).toBeNull();
    expect(r.calls).toEqual([]);
  });

  it("starts nothing for a role without the route's capability", () => {
    const r = recorder();
    const key = admitted("viewer");
    const sync = { ...contract, capability: "accounts.sync" as const };
    expect(startPrefetch(sync, key, scopeId, { id: accountId }, url(), r.read)).toBeNull();
    expect(r.calls).toEqual([]);
  });

  it("starts nothing for a malformed scope, path parameter or query: the kernel answers those as before", () => {
    const r = recorder();
    const key = admitted("admin");
    expect(startPrefetch(contract, key, scopeId, { id: "not-a-uuid" }, url(), r.read)).toBeNull();
    expect(startPrefetch(contract, key, scopeId, { id: accountId }, url("perPage=9999"), r.read)).toBeNull();
    const badScope = admitted("admin", "not-a-uuid");
    expect(startPrefetch(contract, badScope, "not-a-uuid", { id: accountId }, url(), r.read)).toBeNull();
    expect(r.calls).toEqual([]);
  });

  it("hands over a read that failed as a rejection, never as an unhandled one", async () => {
    const key = admitted("member");
    const throwing = () => {
      throw new Error("bad cursor");
    };
    const started = startPrefetch(contract, key, scopeId, { id: accountId }, url(), throwing);
    await expect(started!.read).rejects.toThrow("bad cursor");
  });
});
