// RELIABILITY.md case 22: property-based fuzzing of every documented operation, driven by the
// OpenAPI registry and the routes' own schemas. Each operation gets well-formed requests (from its
// body/query schemas, with real ids where they help) and hostile ones (see testing/support/fuzz),
// authenticated as a scope admin unless the mutation is about credentials. Every answer must be
// below 500 (save the bank's own throttling, passed on as a documented 503 with Retry-After, and
// readiness's own 503), in the envelope when it is an error, and match the document (call() checks the
// contract and throws otherwise). Prints how many requests it sent and the seed to replay a run
// (FUZZ_SEED=<seed>; FUZZ_RUNS=<n> per operation).
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clientsRoute from "@/app/api/clients/v1/route";
import * as datasetsRoute from "@/app/api/datasets/v1/route";
import * as profilesRoute from "@/app/api/datasets/v1/profiles/route";
import * as transactionsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import { isPage } from "@/lib/api/responses";
import { toSchema } from "@/lib/openapi/json-schema";
import { operations, type Operation } from "@/lib/openapi/routes";
import { connectedConsent, type Connected } from "@/testing/support/bank-flow";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { arbitraryFor, toQuery, type Hints } from "@/testing/support/fuzz/arbitraries";
import {
  AUTH_KINDS,
  BODY_KINDS,
  CURSOR_KINDS,
  PATH_KINDS,
  QUERY_KINDS,
  mutateBody,
  mutateQuery,
  type Kind,
} from "@/testing/support/fuzz/mutations";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { storedAccount } from "@/testing/support/stored-account";

const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const WRITES = new Set(["post", "put", "patch", "delete"]);

type Ctx = {
  connected: Connected;
  headers: Record<string, string>;
  viewer: string;
  otherScope: string;
  ids: Record<string, string>;
  hints: Hints;
  cursor: string;
};
let ctx: Ctx;
let sent = 0;

withSandboxBank();

beforeAll(async () => {
  const connected = await connectedConsent("alice");
  const { person } = connected;
  const headers = bearer(person.token, person.scopeId);
  const stored = await storedAccount(person, 5);
  const client = await call<{ data: { id: string } }>(clientsRoute.POST, "POST", "x", {
    headers,
    body: { type: "company", displayName: "Fuzz Client", countryCode: "BE" },
  });
  const profile = await call<{ data: { id: string } }>(profilesRoute.POST, "POST", "x", {
    headers,
    body: { name: "Fuzz default", scope: "global", subset_selection: ["information"], is_default: true },
  });
  const datasets = await call<{ data: { id: string }[] }>(datasetsRoute.GET, "GET", "x", { headers });
  const page = await call<{ meta: { page: { nextCursor: string } } }>(transactionsRoute.GET, "GET", "x", {
    headers,
    params: { id: stored.accountId },
    query: "perPage=1",
  });
  expect([client.status, profile.status, datasets.status, page.status]).toEqual([201, 201, 200, 200]);
  const viewer = (await makeAppToken(person.scopeId, "viewer")).token;
  const other = await makePerson("fuzz-other");
  const ids = {
    client: client.json.data.id,
    profile: profile.json.data.id,
    dataset: datasets.json.data[0].id,
    account: stored.accountId,
    consent: connected.consentId,
    storedConsent: stored.consentId,
    user: person.userId,
  };
  const hints: Hints = {
    bankId: [connected.bankId],
    countryCode: ["BE"],
    country: ["BE"],
    integrationName: ["sandbox"],
    consentId: [connected.consentId],
    entityType: ["client"],
    entityId: [ids.client],
    entity_type: ["client"],
    entity_id: [ids.client],
    profileId: [ids.profile],
    subset_selection: [["information"], ["information", "shareholders"]],
    provider_priorities: [["sandbox_registry", "gleif"]],
    number: ["0403.170.701", "0403170701"],
    email: [person.email],
    returnTo: ["http://localhost:3000/connect/result"],
    accountType: ["private"],
  };
  ctx = { connected, headers, viewer, otherScope: other.scopeId, ids, hints, cursor: page.json.meta.page.nextCursor };
});

afterAll(() => {
  console.log(
    `fuzz: ${sent} requests over ${operations().length} documented operations (seed ${SEED}, ${RUNS} runs each)`,
  );
});

/** The id a path parameter should carry to reach a real record of the fixture. */
function paramValue(op: Operation, name: string): string {
  const { ids } = ctx;
  if (name === "integration") return "sandbox";
  if (name === "consent") return ids.consent;
  if (name === "userId") return ids.user;
  if (name !== "id") return randomUUID();
  if (op.path.includes("/clients/")) return ids.client;
  if (op.path.includes("/accounts/")) return ids.account;
  if (op.path.includes("/profiles/")) return ids.profile;
  if (op.path.includes("/datasets/")) return ids.dataset;
  return randomUUID();
}

function kindsFor(op: Operation): Kind[] {
  const kinds: Kind[] = ["valid", "valid", "valid", ...AUTH_KINDS];
  const c = op.contract;
  if (c.body || WRITES.has(op.method.toLowerCase())) kinds.push(...BODY_KINDS);
  if (c.query) kinds.push(...QUERY_KINDS);
  if (Object.values(c.responses).some(isPage)) kinds.push(...CURSOR_KINDS);
  if (c.uuidParams?.length) kinds.push(...PATH_KINDS);
  return kinds;
}

function requestArb(op: Operation) {
  const object = (schema: Operation["contract"]["body"]) =>
    schema
      ? arbitraryFor(toSchema(schema, "input"), ctx.hints).map((v) =>
          v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
        )
      : fc.constant({});
  return fc.record({
    kind: fc.constantFrom(...kindsFor(op)),
    body: object(op.contract.body),
    query: object(op.contract.query),
    pick: fc.nat({ max: 1000 }),
  });
}

async function send(
  op: Operation,
  sample: { kind: Kind; body: Record<string, unknown>; query: Record<string, unknown>; pick: number },
) {
  const { kind, pick } = sample;
  const params = Object.fromEntries(
    [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name,
      kind === "badId"
        ? ["not-a-uuid", "a\u0000b", "%00", "../x"][pick % 4]
        : kind === "randomId"
          ? randomUUID()
          : paramValue(op, name),
    ]),
  );
  // Public operations are called anonymously (a bearer would put them on the caller's 10-a-minute auth budget).
  const auth: Record<string, string> =
    kind === "noAuth" || (op.contract.auth === "public" && kind !== "garbageToken")
      ? {}
      : kind === "garbageToken"
        ? { authorization: `Bearer ll_pat_${"A".repeat(43)}` }
        : kind === "viewerApp"
          ? bearer(ctx.viewer, ctx.connected.person.scopeId)
          : kind === "otherScope"
            ? bearer(ctx.connected.person.token, ctx.otherScope)
            : ctx.headers;
  // A fresh client address per request: the password limits (10 a minute) would otherwise end the run's public calls.
  const headers: Record<string, string> = {
    ...auth,
    "x-ll-peer": `198.18.${pick % 250}.${sent % 250}`,
    "content-type": "application/json",
  };
  if (op.method === "POST" && pick % 3 === 0)
    headers["idempotency-key"] = pick % 2 ? randomUUID() : "bad key with spaces";
  const query = toQuery(mutateQuery(kind, sample.query, pick, { genuine: ctx.cursor }));
  const rawBody = WRITES.has(op.method.toLowerCase())
    ? (mutateBody(kind, sample.body, pick) ?? JSON.stringify(sample.body))
    : undefined;
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  sent += 1;
  const res = await call<{ error?: { code: string }; meta?: { requestId: string } }>(op.handler, op.method, path, {
    headers,
    params,
    query,
    rawBody,
  });
  const where = `${op.method} ${op.path} [${kind}] ?${query.slice(0, 120)} → ${res.status} ${res.text.slice(0, 200)}`;
  // The one 5xx allowed: the bank itself throttling us (PSD2's 4 unattended accesses a day, which
  // App-token reads spend), passed on as the documented, retryable 503 with Retry-After.
  const bankThrottled =
    res.status === 503 &&
    op.contract.errors?.includes("service_unavailable") &&
    res.headers.get("retry-after") !== null;
  // And readiness saying it is not ready (no sync worker polls this test database): that 503 is its
  // answer, not a failure of the request.
  const notReady =
    res.status === 503 && op.contract.operationId === "healthReady" && res.json?.error?.code === "service_unavailable";
  if (!bankThrottled && !notReady) expect(res.status, where).toBeLessThan(500);
  if (res.status >= 400 && !op.contract.bare) {
    expect(typeof res.json?.error?.code, where).toBe("string");
    expect(res.json?.meta?.requestId, where).toBe(res.headers.get("x-request-id"));
  }
}

describe("fuzzing every documented operation", () => {
  for (const op of operations()) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(op), (sample) => send(op, sample)),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    });
  }
});
