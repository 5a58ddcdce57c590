// The route kernel's steps (lib/api/route.ts runs them in order). Each takes the request's `Call`,
// the record of what the kernel has learned so far, and either adds to it or ends the request by
// throwing an ApiError, which the kernel answers in the envelope.
import "server-only";
import { z } from "zod";
import { authenticate, requirePrincipal, type Authentication } from "@/lib/api/authenticate";
import type { Declared, RouteContext } from "@/lib/api/contract";
import {
  beginIdempotent,
  completeIdempotent,
  completeIdempotentTx,
  idempotencyKeyOf,
  releaseIdempotent,
  requestFingerprint,
  shouldStore,
  type IdempotencyRef,
} from "@/lib/api/idempotency";
import { loadRecord, pathParams, type Load } from "@/lib/api/load";
import { checkSameOrigin } from "@/lib/api/origin";
import { errorOutcome, mapUnknownError, outcomeOf, type Outcome } from "@/lib/api/outcome";
import { prefetchFor, type Prefetch, type Read } from "@/lib/api/prefetch";
import { consumeAll, type LimitRule } from "@/lib/api/rate-limit";
import { checkResponse, responseCheckEnabled } from "@/lib/api/response-check";
import { textResponse } from "@/lib/api/response";
import type { Responses } from "@/lib/api/responses";
import { authorize, resolveScope, type ScopeContext } from "@/lib/api/scope";
import { serverTiming } from "@/lib/api/timing";
import { parseJsonText, parseWith, queryObject } from "@/lib/api/validate";
import { auditActor } from "@/lib/audit/actor";
import type { Capability } from "@/lib/auth/capabilities";
import { principalKey, type Principal } from "@/lib/auth/principal";
import type { CredentialSource } from "@/lib/auth/principal-cache";
import { db, type Tx } from "@/lib/db/client";
import { uniqueViolationTarget } from "@/lib/db/errors";
import { transaction } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { log } from "@/lib/log";

type AnyHandler = (
  ctx: RouteContext<"public", boolean, unknown, unknown, boolean, unknown, unknown>,
) => Promise<unknown>;

/** A route as the kernel runs it: its contract and its kernel options. */
export type Spec = {
  contract: Declared;
  handler: AnyHandler;
  limit: LimitRule;
  /** A GET that writes or calls another host: its limit is spent before it runs. */
  effects: boolean;
  withMemberships: boolean;
  load?: Load<unknown>;
  prefetch?: Read<unknown>;
};

/** One request: what the kernel has learned so far, read by the steps after it and by the log line. */
export type Call = {
  request: Request;
  url: URL;
  requestId: string;
  started: number;
  principal: Principal | null;
  authSource?: CredentialSource;
  rateHeaders: Record<string, string>;
  /** The Idempotency-Key this request holds, until its answer is stored or the key released. */
  idem: IdempotencyRef | null;
  /** A prefetching route's early read and its bookkeeping (lib/api/prefetch.ts). */
  early: Prefetch<unknown> | null;
  /** The answer stored with a verb's writes: the request's answer whatever happens after. */
  committed: Outcome | null;
  /** An error to log on the request's one line (a 5xx, or one thrown after the commit). */
  failure?: unknown;
};

const UNCHECKED = z.unknown();
const isOwn = (spec: Spec) => spec.contract.ownValidation === true;

/** authenticate: the credentials and the caller's role in the X-Scope scope, in one round trip. */
export async function authenticateStep(
  spec: Spec,
  call: Call,
  scopeId: string | null,
  nextParams: Record<string, string | string[]>,
): Promise<Authentication> {
  const authenticating = authenticate(call.request, scopeId, spec.withMemberships, spec.contract.auth === "public");
  // A prefetching route's read goes alongside when these credentials were admitted to the scope lately.
  if (spec.prefetch && !spec.effects && spec.contract.scoped && !isOwn(spec))
    call.early = prefetchFor(spec.contract, spec.prefetch, call.request, scopeId, nextParams, call.url);
  const authn = await authenticating;
  call.principal = authn.principal;
  call.authSource = authn.source;
  return authn;
}

/** limit: spends the route's limits (429 when one is exhausted); the caller awaits it when it must. */
export async function limitStep(spec: Spec, call: Call, bodyText: string): Promise<void> {
  call.rateHeaders = await consumeAll(await spec.limit({ principal: call.principal, request: call.request, bodyText }));
}

/** admit: who may call (signed in, same origin, a person where required), the scope (404), the capability (403). */
export async function admitStep(
  spec: Spec,
  call: Call,
  authn: Authentication,
  scopeId: string | null,
): Promise<ScopeContext | null> {
  const { contract } = spec;
  if (contract.auth !== "public") call.principal = requirePrincipal(call.principal);
  checkSameOrigin(call.request, call.principal);
  if (contract.auth === "user" && call.principal?.kind === "app") {
    throw new ApiError(
      "user_context_required",
      "This operation needs a signed-in person; App tokens (API keys, connector apps, delegated agents) cannot perform it.",
    );
  }
  const known = authn.principal;
  const scope = scopeId !== null && known ? await resolveScope(known, scopeId, authn.scopeRole) : null;
  if (scope) call.early?.admit(scope.role);
  // A route about one record answers 404 before 403: its capability is checked once it was found.
  if (scope && contract.capability && spec.load === undefined && contract.afterLookup !== true)
    authorize(scope, contract.capability);
  return scope;
}

/** reserve: a POST's Idempotency-Key; the stored answer when it was answered before. */
export async function reserveStep(call: Call, scope: ScopeContext | null, bodyText: string): Promise<Outcome | null> {
  const key = call.request.method === "POST" ? idempotencyKeyOf(call.request) : null;
  if (key === null || !call.principal) return null;
  const ref = { principalKey: principalKey(call.principal), scopeKey: scope?.scopeId ?? "", key };
  const fingerprint = requestFingerprint(call.request.method, call.url.pathname, bodyText);
  const begun = await beginIdempotent(ref, call.request.method, call.url.pathname, fingerprint);
  if (begun.kind === "replay")
    return { status: begun.status, text: begun.bodyText, headers: { "idempotent-replayed": "true" } };
  call.idem = ref;
  return null;
}

export type Parsed = { params: Record<string, string>; body: unknown; query: unknown };

/** parse: path parameters (a malformed id is a 404), the body and the query (400, 422). */
export function parseStep(spec: Spec, call: Call, bodyText: string, nextParams: Record<string, string | string[]>) {
  const { contract } = spec;
  const params = pathParams(nextParams, contract.uuidParams);
  // ownValidation: the handler applies the schema; NUL and unpaired surrogates are refused here all the same.
  const rawBody = contract.body ? parseJsonText(bodyText, call.request.headers.get("content-type")) : undefined;
  const body = contract.body ? parseWith(isOwn(spec) ? UNCHECKED : contract.body, rawBody) : undefined;
  // A started prefetch parsed the query already (the same schema, before the credentials).
  const query = call.early?.read
    ? call.early.query
    : contract.query && parseWith(isOwn(spec) ? UNCHECKED : contract.query, queryObject(call.url));
  return { params, body, query } satisfies Parsed;
}

/** The answer as sent and stored: inside `tx` (the verb's last transaction) when given, else on its own. */
async function render(call: Call, contract: Declared, result: unknown, tx: Tx | null): Promise<Outcome> {
  const outcome = outcomeOf<Responses>(call.request.method, contract, result as never, call.requestId);
  if (call.idem && shouldStore(outcome.status)) {
    if (tx) await completeIdempotentTx(tx, call.idem, outcome.status, outcome.text);
    else await completeIdempotent(call.idem, outcome.status, outcome.text);
  }
  return outcome;
}

/** handle: the route's record (404, then 403), then its handler; the answer. */
export async function handleStep(
  spec: Spec,
  call: Call,
  scope: ScopeContext | null,
  parsed: Parsed,
  memberships: Authentication["memberships"],
): Promise<Outcome> {
  const { contract } = spec;
  const found = spec.load ? await loadRecord(spec.load, db(), scope, contract.capability, parsed.params) : undefined;
  let authorized = false;
  const answer: RouteContext<"public", boolean, unknown, unknown>["answer"] = async (verb, input, toResult) => {
    let stored: Outcome | null = null;
    let rendered: Awaited<ReturnType<typeof toResult>> | undefined;
    const commit = async <T>(work: (tx: Tx) => Promise<T>) => {
      const written = await transaction(async (tx) => {
        const value = await work(tx);
        rendered = await toResult(value as never, tx);
        stored = await render(call, contract, rendered, tx);
        return value;
      });
      call.committed = stored; // only once its transaction committed
      return written;
    };
    const result = await verb({ ...input, commit } as never);
    return rendered ?? toResult(result, db());
  };
  const ctx = {
    ...parsed,
    request: call.request,
    requestId: call.requestId,
    principal: call.principal,
    actor: call.principal ? auditActor(call.principal, call.requestId) : null,
    scope,
    found,
    prefetched: call.early?.read ?? null,
    memberships: memberships ?? null,
    db: db(),
    answer,
    authorize: (capability?: Capability) => {
      const wanted = capability ?? contract.capability;
      if (!scope || !wanted) throw new ApiError("server_error", "authorize() needs a scoped route");
      authorize(scope, wanted);
      authorized = true;
    },
  };
  let result: unknown;
  try {
    result = await spec.handler(ctx);
    if (contract.afterLookup && !authorized)
      throw new ApiError("server_error", "An afterLookup handler answered without calling authorize()");
  } catch (error) {
    if (call.committed === null) throw error;
    call.failure = error; // the committed answer stands (lib/api/route.ts); the error goes on the log line
  }
  return call.committed ?? (await render(call, contract, result, null));
}

/** answer: the outcome as the response, with the limits' headers and the server's timing. */
export function reply(call: Call, outcome: Outcome): Response {
  const timing = serverTiming(call.request, call.started, call.authSource);
  return textResponse(outcome.text, outcome.status, call.requestId, {
    ...call.rateHeaders,
    ...outcome.headers,
    ...timing,
  });
}

/** Any error, in the envelope; a 5xx on the log line with its cause; the key stored (4xx) or released. */
export async function refuse(spec: Spec, call: Call, thrown: unknown): Promise<Response> {
  // Refused before its scope admitted it: these credentials start no more reads.
  call.early?.refuse();
  let caught = thrown;
  let error = mapUnknownError(caught);
  let answer = errorOutcome(error, call.requestId);
  try {
    if (responseCheckEnabled()) checkResponse(call.request.method, spec.contract, error.status, answer.text);
  } catch (violation) {
    caught = violation;
    error = mapUnknownError(violation);
    answer = errorOutcome(error, call.requestId);
  }
  if (error.status >= 500) call.failure = caught;
  // A verb that expects a concurrent duplicate turns it into its own answer; one that reaches here
  // is a race nobody planned for: which key it was, so one occurrence is enough to find it.
  const unique = uniqueViolationTarget(caught);
  if (unique !== null)
    log.warn("unique violation answered as a conflict", { requestId: call.requestId, constraint: unique });
  if (call.idem) {
    const stored = shouldStore(error.status)
      ? completeIdempotent(call.idem, error.status, answer.text)
      : releaseIdempotent(call.idem);
    await stored.catch((e: unknown) =>
      log.error("idempotency bookkeeping failed", { requestId: call.requestId, error: e }),
    );
  }
  return reply(call, answer);
}
