// A verb whose last transaction commits the route's answer with its stored Idempotency-Key response
// (ctx.answer), and a handler that fails afterwards: the committed answer is the truth. The client
// gets it, and a retry with the same key replays it; the writes are never made twice.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  beginIdempotent,
  completeIdempotent,
  completeIdempotentTx,
  releaseIdempotent,
  requestFingerprint,
} from "@/lib/api/idempotency";
import { route, scoped } from "@/lib/api/route";
import { prisma } from "@/lib/db/client";
import { transaction, type Commit } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";
import { TEST_ROUTE } from "@/testing/support/test-route";

type Failure = "none" | "crash" | "refusal" | "inside";

type NewClient = { scopeId: string; displayName: string; inside: boolean; commit?: Commit<{ id: string }> };

/** A verb: creates a client in its last transaction (inside: then fails there, rolled back). */
function createClient({ scopeId, displayName, inside, commit = transaction }: NewClient) {
  return commit(async (tx) => {
    const row = await tx.client.create({ data: { scopeId, type: "company", displayName, countryCode: "BE" } });
    if (inside) throw new Error("failed inside the commit");
    return { id: row.id };
  });
}

/** Answers the verb's write, then fails as `failure` says. */
function committingRoute(failure: () => Failure) {
  return route(...TEST_ROUTE, {
    ...scoped("user", "clients.write"),
    body: z.strictObject({ displayName: z.string() }),
    responses: { 201: z.object({ id: z.string() }) },
    handler: async ({ scope, body, answer }) => {
      const input = { scopeId: scope.scopeId, displayName: body.displayName, inside: failure() === "inside" };
      const answered = await answer(createClient, input, (row) => ({ status: 201, data: { id: row.id } }));
      if (failure() === "crash") throw new Error("failed after the commit");
      if (failure() === "refusal") throw new ApiError("conflict", "refused after the commit");
      return answered;
    },
  });
}

let person: Awaited<ReturnType<typeof makePerson>>;
beforeAll(async () => (person = await makePerson("narrow")));

async function attempt(handler: ReturnType<typeof committingRoute>, key: string, displayName: string) {
  return call<{ data: { id: string } }>(handler, "POST", "/api/test-narrow", {
    headers: { ...bearer(person.token, person.scopeId), "idempotency-key": key },
    body: { displayName },
  });
}
const rows = (displayName: string) => prisma().client.count({ where: { scopeId: person.scopeId, displayName } });

describe("a handler failing after its verb committed the answer (ctx.answer)", () => {
  for (const failure of ["crash", "refusal"] as const) {
    it(`${failure}: answers the committed 201; a retry with the key replays it and writes nothing`, async () => {
      let mode: Failure = failure;
      const handler = committingRoute(() => mode);
      const key = randomUUID();
      const name = `narrow ${failure} ${key}`;

      const first = await attempt(handler, key, name);
      mode = "none"; // were the retry to run the handler again, it would now succeed and write a second row
      const retry = await attempt(handler, key, name);

      expect(await rows(name)).toBe(1);
      expect(retry.headers.get("idempotent-replayed")).toBe("true");
      expect(retry.status).toBe(201);
      expect(first.status).toBe(201);
      expect(retry.text).toBe(first.text);
    });
  }

  it("a failure inside the commit rolls back and releases the key: the retry runs and writes once", async () => {
    let mode: Failure = "inside";
    const handler = committingRoute(() => mode);
    const key = randomUUID();
    const name = `narrow inside ${key}`;

    const first = await attempt(handler, key, name);
    expect(first.status).toBe(500);
    expect(await rows(name)).toBe(0);
    mode = "none";
    const retry = await attempt(handler, key, name);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await rows(name)).toBe(1);
  });
});

describe("a completed key is final", () => {
  it("neither an error answer nor a release touches a response committed with its writes", async () => {
    const ref = { principalKey: `user:${person.userId}`, scopeKey: person.scopeId, key: randomUUID() };
    const hash = requestFingerprint("POST", "/api/x", "{}");
    expect(await beginIdempotent(ref, "POST", "/api/x", hash)).toEqual({ kind: "proceed" });
    await prisma().$transaction((tx) => completeIdempotentTx(tx, ref, 201, "committed"));

    // What the kernel's error path does after a lost COMMIT acknowledgement or a late throw.
    await completeIdempotent(ref, 409, "late refusal");
    await releaseIdempotent(ref);
    expect(await beginIdempotent(ref, "POST", "/api/x", hash)).toEqual({
      kind: "replay",
      status: 201,
      bodyText: "committed",
    });
  });
});
