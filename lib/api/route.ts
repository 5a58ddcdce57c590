// The route kernel. `route(operationId, summary, {...})` is the one description of an endpoint (who may
// call it, request and response schemas: lib/api/contract.ts) and its handler; `methods(tag, …)` tags a file.
// The kernel owns the request id, authentication, rate limiting, X-Scope resolution, capability
// checks, Idempotency-Key, zod validation, the envelope, error mapping and the one log line per
// request. Handlers stay thin; the compiler holds their results to the declared responses, and in
// development and tests every answer is parsed against them too (lib/api/response-check.ts).
//
// Order (each step can end the request): X-Scope present (no database read) → authenticate →
// rate limit → human-only check → scope membership (404) → capability (403) → Idempotency-Key →
// parse and validate → handler (in one transaction for writes) → store idempotent response.
// A read-only route's `prefetch` may start its read beside authenticate (lib/api/prefetch.ts); the
// handler gets it only after all of the above.
// A route about one record (`load`, lib/api/load.ts) answers 404 before 403: its capability is
// checked after the record was found, in the handler's transaction, and the handler gets it found.
//
// Transactions. A write handler runs in one database transaction by default, with its stored
// Idempotency-Key response. The rule: no transaction is ever open while we wait on a bank. A
// handler that calls a bank declares `transaction: "narrow"`: it runs outside any transaction
// (`db` is the shared client), calls the bank, and writes in short transactions it opens itself:
// `transaction(work)` for intermediate writes, `commit(work)` for the writes that make its answer
// (the Idempotency-Key response is stored in that same transaction). Order the steps so that a
// crash between the bank call and the write leaves a state the next call repairs: the bank's
// answer is re-read or the bank call is repeated (never a half-written row), e.g. revoke ends the
// consent at the bank, then here (a retry finds it gone at the bank and writes the end).
//
// Once `commit` has returned, its answer is the request's answer: it was stored with the writes, so
// the key is never released and every retry replays it. Whatever the handler does afterwards (returns
// something else, throws, even a 4xx) cannot change it; an error thrown after the commit is logged at
// error level on the request's one line, and the client gets the committed answer. This is Stripe's
// rule — a key always returns the same result — and a 500 here would be a lie: the client would
// treat the operation as failed, while its retry got a 201 for writes made by the first attempt.
import { z } from "zod";
import { authenticate, requirePrincipal } from "@/lib/api/authenticate";
import { readBodyText } from "@/lib/api/body";
import type { AuthMode, Handler as RouteHandler, NoExcess, RouteContext, RouteOptions } from "@/lib/api/contract";
import { ApiError } from "@/lib/errors";
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
import { loadRecord, pathParams, withLoadParam } from "@/lib/api/load";
import { documented, type Handler } from "@/lib/api/methods";
import { checkSameOrigin } from "@/lib/api/origin";
import { errorOutcome, mapUnknownError, outcomeOf, type Outcome } from "@/lib/api/outcome";
import { prefetchFor, type Prefetch, type Read } from "@/lib/api/prefetch";
import { clientAddress, consume, consumeAll } from "@/lib/api/rate-limit";
import { requestIdFor } from "@/lib/api/request-id";
import { serverTiming } from "@/lib/api/timing";
import { principalCache } from "@/lib/auth/principal-listener";
import { checkResponse, responseCheckEnabled } from "@/lib/api/response-check";
import { textResponse } from "@/lib/api/response";
import type { Responses } from "@/lib/api/responses";
import { authorize, resolveScope, scopeHeader, type ScopeContext } from "@/lib/api/scope";
import { parseJsonText, parseWith, queryObject } from "@/lib/api/validate";
import type { Capability } from "@/lib/auth/capabilities";
import { principalKey, type Principal } from "@/lib/auth/principal";
import { db, prisma, type Tx } from "@/lib/db/client";
import { log } from "@/lib/log";
import { logRequest } from "@/lib/api/request-log";
import { routeTemplate } from "@/lib/metrics/route-template";
import { inSpan } from "@/lib/tracing/spans";
import type { CredentialSource } from "@/lib/auth/principal-cache";

export { methods, type Handler } from "@/lib/api/methods";
export { scoped, unscoped } from "@/lib/api/load";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const UNCHECKED = z.unknown();

export function route<
  A extends AuthMode,
  Scoped extends boolean,
  R extends Responses,
  H extends RouteHandler<A, Scoped, B, Q, Own, R, F, P>,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  Own extends boolean = false,
  F = undefined,
  P = undefined,
>(
  operationId: string,
  summary: string,
  options: RouteOptions<A, Scoped, B, Q, Own, R, H, F, P> & NoExcess<H, R>,
): Handler {
  const {
    handler,
    rateLimit,
    anonymousKey,
    anonymousLimits,
    readOnly,
    withMemberships,
    transaction,
    load,
    prefetch,
    ...declared
  } = options;
  const contract = withLoadParam({ operationId, summary, ...declared }, load);
  const lookupFirst = load !== undefined || contract.afterLookup === true;
  const narrow = transaction === "narrow";
  const own = contract.ownValidation === true;
  // Prefetching routes keep who was admitted where (lib/api/prefetch.ts); the others never look.
  const prefetching = prefetch !== undefined && readOnly === true && contract.scoped && !own;
  // `nextParams`: Next's path parameters, awaited once by `traced` below.
  const kernel = async (request: Request, template: string, nextParams: Record<string, string | string[]>) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const url = new URL(request.url);
    let principal: Principal | null = null;
    let rateHeaders: Record<string, string> = {};
    let idem: IdempotencyRef | null = null;
    let response: Response | undefined;
    let failure: unknown;
    let early: Prefetch<P> | null = null;
    let authSource: CredentialSource | undefined;

    try {
      const scopeId = contract.scoped ? scopeHeader(request) : null;
      const hasBody = WRITE_METHODS.has(request.method);
      const bodyText = hasBody ? await readBodyText(request) : "";

      // The credentials and the person's role in the X-Scope scope, in one round trip; a prefetching
      // route's read goes alongside when these credentials were admitted to the scope lately. The
      // credentials go first: theirs is the short query, checked while the page is still being read.
      const authenticating = authenticate(request, scopeId, withMemberships === true);
      if (prefetching) early = prefetchFor(contract, prefetch as Read<P>, request, scopeId, nextParams, url);
      const authn = await authenticating;
      principal = authn.principal;
      authSource = authn.source;
      const known = principal;
      const limit = known
        ? consume(rateLimit ?? "default", principalKey(known))
        : anonymousLimits
          ? anonymousLimits(request, bodyText).then(consumeAll)
          : consume(rateLimit ?? "default", anonymousKey?.(request, bodyText) ?? `ip:${clientAddress(request)}`);
      const overlap = readOnly === true && request.method === "GET" && known !== null;

      // Everything after the rate limit, in the documented order (human-only, scope, capability,
      // Idempotency-Key, validation, handler).
      const proceed = async (): Promise<Outcome> => {
        if (contract.auth !== "public") principal = requirePrincipal(principal);
        checkSameOrigin(request, principal);
        if (contract.auth === "user" && principal?.kind === "app") {
          throw new ApiError(
            "user_context_required",
            "This operation needs a signed-in person; App tokens (API keys, connector apps, delegated agents) cannot perform it.",
          );
        }
        const scope: ScopeContext | null =
          scopeId !== null && known ? await resolveScope(known, scopeId, authn.scopeRole) : null;
        if (scope) early?.admit(scope.role);
        if (scope && contract.capability && !lookupFirst) authorize(scope, contract.capability);
        const params = pathParams(nextParams, contract.uuidParams);

        const key = request.method === "POST" ? idempotencyKeyOf(request) : null;
        if (key !== null && principal) {
          const ref = { principalKey: principalKey(principal), scopeKey: scope?.scopeId ?? "", key };
          const fingerprint = requestFingerprint(request.method, url.pathname, bodyText);
          const begun = await beginIdempotent(ref, request.method, url.pathname, fingerprint);
          if (begun.kind === "replay") {
            return { status: begun.status, text: begun.bodyText, headers: { "idempotent-replayed": "true" } };
          }
          idem = ref;
        }

        const rawBody = contract.body ? parseJsonText(bodyText, request.headers.get("content-type")) : undefined;
        // ownValidation: the handler applies the schema; NUL and unpaired surrogates are refused here all the same.
        const body = contract.body ? parseWith(own ? UNCHECKED : contract.body, rawBody) : undefined;
        // A started prefetch parsed the query already (the same schema, before the credentials).
        const query = early?.read
          ? early.query
          : contract.query && parseWith(own ? UNCHECKED : contract.query, queryObject(url));

        const inTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
          prisma().$transaction((tx) => work(tx), { maxWait: 10_000, timeout: 60_000 });
        const onlyNarrow = () => {
          throw new ApiError("server_error", 'ctx.transaction/commit need transaction: "narrow"');
        };
        // The answer as stored and sent; stored inside `tx` when given (the writes' own transaction).
        const render = async (result: unknown, tx: Tx | null): Promise<Outcome> => {
          const outcome = outcomeOf<R>(request.method, contract, result as never, requestId);
          if (idem && shouldStore(outcome.status)) {
            if (tx) await completeIdempotentTx(tx, idem, outcome.status, outcome.text);
            else await completeIdempotent(idem, outcome.status, outcome.text);
          }
          return outcome;
        };
        // Set only once the commit's transaction has committed (a failed COMMIT leaves it null).
        let committed: Outcome | null = null;

        const run = async (db: Tx): Promise<Outcome> => {
          const found = load ? await loadRecord(load, db, scope, contract.capability, params) : undefined;
          let authorized = false;
          const ctx = {
            request,
            requestId,
            principal,
            scope,
            body,
            query,
            params,
            found,
            prefetched: early?.read ?? null,
            memberships: authn.memberships ?? null,
            db,
            authorize: (capability?: Capability) => {
              const wanted = capability ?? contract.capability;
              if (!scope || !wanted) throw new ApiError("server_error", "authorize() needs a scoped route");
              authorize(scope, wanted);
              authorized = true;
            },
            transaction: narrow ? inTransaction : onlyNarrow,
            commit: narrow
              ? async <T>(work: (tx: Tx) => Promise<T>) => {
                  const [result, outcome] = await inTransaction(async (tx) => {
                    const written = await work(tx);
                    return [written, await render(written, tx)] as const;
                  });
                  committed = outcome;
                  return result;
                }
              : onlyNarrow,
          } as RouteContext<A, Scoped, B, Q, Own, F, P>;
          let result: unknown;
          try {
            result = await handler(ctx);
            if (contract.afterLookup && !authorized) {
              throw new ApiError("server_error", "An afterLookup handler answered without calling authorize()");
            }
          } catch (error) {
            if (committed === null) throw error;
            failure = error; // the committed answer stands (see the header); the error goes on the log line
            return committed;
          }
          // Answered through ctx.commit: already rendered and stored with its writes.
          return committed ?? render(result, narrow ? null : db);
        };

        return hasBody && !narrow ? await inTransaction((tx) => run(tx)) : await run(db());
      };

      let outcome: Outcome;
      if (overlap) {
        const [limited, done] = await Promise.allSettled([limit, proceed()]);
        if (limited.status === "rejected") throw limited.reason;
        rateHeaders = limited.value;
        if (done.status === "rejected") throw done.reason;
        outcome = done.value;
      } else {
        rateHeaders = await limit;
        outcome = await proceed();
      }

      if (idem && !shouldStore(outcome.status)) await releaseIdempotent(idem);
      idem = null;
      if (outcome.afterCommit) {
        await outcome
          .afterCommit()
          .catch((error: unknown) => log.error("after-commit step failed", { requestId, error }));
      }
      response = textResponse(outcome.text, outcome.status, requestId, {
        ...rateHeaders,
        ...outcome.headers,
        ...serverTiming(request, started, authSource),
      });
      return response;
    } catch (thrown) {
      // Refused before its scope admitted it: these credentials start no more reads.
      early?.refuse();
      let caught = thrown;
      let error = mapUnknownError(caught);
      let answer = errorOutcome(error, requestId);
      try {
        if (responseCheckEnabled()) checkResponse(request.method, contract, error.status, answer.text);
      } catch (violation) {
        caught = violation;
        error = mapUnknownError(violation);
        answer = errorOutcome(error, requestId);
      }
      // A 5xx is logged on the request's one line, with the error's stack and cause chain.
      if (error.status >= 500) failure = caught;
      if (idem) {
        const stored = shouldStore(error.status)
          ? completeIdempotent(idem, error.status, answer.text)
          : releaseIdempotent(idem);
        await stored.catch((e: unknown) => log.error("idempotency bookkeeping failed", { requestId, error: e }));
      }
      response = textResponse(answer.text, error.status, requestId, {
        ...rateHeaders,
        ...answer.headers,
        ...serverTiming(request, started, authSource),
      });
      return response;
    } finally {
      // A write may have changed who may do what (a token revoked, a member removed): what this
      // instance kept about principals goes before the answer does (lib/auth/principal-cache.ts).
      if (WRITE_METHODS.has(request.method)) principalCache()?.afterWrite();
      logRequest(request.method, template, url.pathname, requestId, {
        ms: performance.now() - started,
        status: response?.status,
        principal: principal ? principalKey(principal) : null,
        failure,
        auth: authSource,
      });
    }
  };
  // Each request in a span of its own, named by its route template (never a raw id). Internal: under
  // Next, its own server span for the request is the parent.
  const traced: Handler = async (request, nextContext) => {
    // Next's params do not reject; without them (a caller with no context) the path is its own template.
    const params = (await nextContext?.params?.catch(() => undefined)) ?? {};
    const template = routeTemplate(new URL(request.url).pathname, params);
    return inSpan(
      `${request.method} ${template}`,
      { "http.request.method": request.method, "http.route": template, "ledgerlink.operation": operationId },
      async (span) => {
        const response = await kernel(request, template, params);
        span.setAttribute("http.response.status_code", response.status);
        return response;
      },
    );
  };
  return documented(contract, traced);
}
