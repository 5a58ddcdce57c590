// The route kernel. Every API route is `route({...})`: it owns the request id, authentication,
// rate limiting, X-Scope resolution, capability checks, Idempotency-Key, zod validation, the
// envelope, error mapping and the one log line per request. Handlers stay thin.
//
// Order (each step can end the request): X-Scope present (no database read) → authenticate →
// rate limit → human-only check → scope membership (404) → capability (403) → Idempotency-Key →
// parse and validate → handler (in one transaction for writes) → store idempotent response.
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
import type { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { readBodyText } from "@/lib/api/body";
import { authenticate, requirePrincipal } from "@/lib/api/authenticate";
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
import { checkSameOrigin } from "@/lib/api/origin";
import { clientAddress, consume, consumeAll, type LimitKey, type LimitName } from "@/lib/api/rate-limit";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse, textResponse } from "@/lib/api/response";
import { authorize, isUuid, resolveScope, scopeHeader, type ScopeContext } from "@/lib/api/scope";
import { parseJsonText, parseWith, queryObject } from "@/lib/api/validate";
import type { Capability } from "@/lib/auth/capabilities";
import { principalKey, type AppPrincipal, type Principal, type UserPrincipal } from "@/lib/auth/principal";
import { db, prisma, type Tx } from "@/lib/db/client";
import { prismaErrorCode } from "@/lib/db/errors";
import { log } from "@/lib/log";

type AuthMode = "public" | "any" | "user";
type PrincipalFor<A extends AuthMode> = A extends "public"
  ? Principal | null
  : A extends "user"
    ? UserPrincipal
    : Principal;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<A extends AuthMode, Scoped extends boolean, B, Q> = {
  request: Request;
  requestId: string;
  principal: PrincipalFor<A>;
  scope: Scoped extends true ? ScopeContext : null;
  body: Infer<B>;
  query: Infer<Q>;
  params: Record<string, string>;
  /** A transaction for writes (POST/PUT/PATCH/DELETE), the shared client for reads. */
  db: Tx;
  /** For record routes: check the capability after the record was found (404 before 403). */
  authorize: (capability: Capability) => void;
  /** `transaction: "narrow"` only: a short transaction for writes made before the answer's. */
  transaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  /** `transaction: "narrow"` only: the answer's writes, committed together with the stored Idempotency-Key response. */
  commit: (work: (tx: Tx) => Promise<RouteResult>) => Promise<RouteResult>;
};

export type RouteResult =
  | {
      status?: number;
      data?: unknown;
      meta?: Record<string, unknown>;
      headers?: Record<string, string>;
      /** Runs after the write transaction committed (e.g. queue a job for a row it created). */
      afterCommit?: () => Promise<void>;
    }
  | Response;

export type RouteOptions<A extends AuthMode, Scoped extends boolean, B, Q> = {
  auth: A;
  scoped: Scoped;
  capability?: Capability;
  body?: B;
  query?: Q;
  /** Path parameters that must be UUIDs; a malformed one answers 404 like a missing record. */
  uuidParams?: string[];
  rateLimit?: LimitName;
  /** Rate-limit key for anonymous callers (for example ip + email on the token endpoint). */
  anonymousKey?: (request: Request, bodyText: string) => string;
  /** Several limits for anonymous callers, counted together (the token endpoint's grants). */
  anonymousLimits?: (request: Request, bodyText: string) => Promise<LimitKey[]>;
  /**
   * The GET handler only reads (no writes, no bank calls). The kernel then runs it alongside the
   * rate-limit bookkeeping instead of after it, and answers 429 (discarding what it read) when the
   * caller is over the limit. Authentication, scope membership and capability checks still come
   * before the handler; only authenticated callers get the overlap.
   */
  readOnly?: boolean;
  /**
   * "handler" (the default): a write handler runs in one transaction. "narrow": it runs outside any
   * transaction and opens short ones itself (ctx.transaction, ctx.commit) around its writes, so no
   * transaction is held while it calls a bank. See the header comment for the rule.
   */
  transaction?: "handler" | "narrow";
  handler: (ctx: RouteContext<A, Scoped, B, Q>) => Promise<RouteResult>;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type Handler = (request: Request, context: NextContext) => Promise<Response>;

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function mapUnknownError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // By code, not instanceof: the Prisma client may come from another module graph (lib/db/errors.ts).
  const prismaCode = prismaErrorCode(error);
  if (prismaCode === "P2002")
    return new ApiError("conflict", "A record with these values already exists.", { cause: error });
  if (prismaCode === "P2025") return new ApiError("not_found", "Record not found.", { cause: error });
  return new ApiError("server_error", "Something went wrong on our side. Retry with backoff.", { cause: error });
}

export function route<
  A extends AuthMode,
  Scoped extends boolean,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(options: RouteOptions<A, Scoped, B, Q>): Handler {
  return async (request, nextContext) => {
    const started = performance.now();
    const requestId = requestIdFor(request);
    const url = new URL(request.url);
    let principal: Principal | null = null;
    let rateHeaders: Record<string, string> = {};
    let idem: IdempotencyRef | null = null;
    let response: Response;

    try {
      const scopeId = options.scoped ? scopeHeader(request) : null;
      const hasBody = WRITE_METHODS.has(request.method);
      const bodyText = hasBody ? await readBodyText(request) : "";

      // The credentials and the person's role in the X-Scope scope come in one round trip.
      const authn = await authenticate(request, scopeId);
      principal = authn.principal;
      const known = principal;
      const limit = known
        ? consume(options.rateLimit ?? "default", principalKey(known))
        : options.anonymousLimits
          ? options.anonymousLimits(request, bodyText).then(consumeAll)
          : consume(
              options.rateLimit ?? "default",
              options.anonymousKey?.(request, bodyText) ?? `ip:${clientAddress(request)}`,
            );
      const overlap = options.readOnly === true && request.method === "GET" && known !== null;

      type Outcome =
        | { raw: Response }
        | {
            raw?: undefined;
            status: number;
            text: string;
            headers: Record<string, string>;
            afterCommit?: () => Promise<void>;
          };

      // Everything after the rate limit, in the documented order (human-only, scope, capability,
      // Idempotency-Key, validation, handler).
      const proceed = async (): Promise<Outcome> => {
        if (options.auth !== "public") principal = requirePrincipal(principal);
        checkSameOrigin(request, principal);
        if (options.auth === "user" && principal?.kind === "app") {
          throw new ApiError(
            "user_context_required",
            "This operation needs a signed-in person; App tokens (API keys, connector apps, delegated agents) cannot perform it.",
          );
        }
        const scope: ScopeContext | null =
          scopeId !== null && known ? await resolveScope(known, scopeId, authn.scopeRole) : null;
        if (scope && options.capability) authorize(scope, options.capability);

        const raw = await nextContext.params;
        const params: Record<string, string> = {};
        for (const [k, v] of Object.entries(raw ?? {})) params[k] = Array.isArray(v) ? v.join("/") : v;
        for (const name of options.uuidParams ?? []) {
          if (!isUuid(params[name] ?? "")) throw new ApiError("not_found", "Record not found.");
        }

        const key = request.method === "POST" ? idempotencyKeyOf(request) : null;
        if (key !== null && principal) {
          const ref = { principalKey: principalKey(principal), scopeKey: scope?.scopeId ?? "", key };
          const begun = await beginIdempotent(
            ref,
            request.method,
            url.pathname,
            requestFingerprint(request.method, url.pathname, bodyText),
          );
          if (begun.kind === "replay") {
            return { status: begun.status, text: begun.bodyText, headers: { "idempotent-replayed": "true" } };
          }
          idem = ref;
        }

        const body = (
          options.body
            ? parseWith(options.body, parseJsonText(bodyText, request.headers.get("content-type")))
            : undefined
        ) as Infer<B>;
        const query = (options.query ? parseWith(options.query, queryObject(url)) : undefined) as Infer<Q>;

        const narrow = options.transaction === "narrow";
        // The answer as stored and sent; stored inside `tx` when given (the writes' own transaction).
        const render = async (result: RouteResult, tx: Tx | null): Promise<Outcome> => {
          if (result instanceof Response) return { raw: result };
          const status = result.status ?? 200;
          const text =
            status === 204 ? "" : JSON.stringify({ data: result.data ?? null, meta: { requestId, ...result.meta } });
          if (idem && shouldStore(status)) {
            if (tx) await completeIdempotentTx(tx, idem, status, text);
            else await completeIdempotent(idem, status, text);
          }
          return { status, text, headers: result.headers ?? {}, afterCommit: result.afterCommit };
        };
        const inTransaction = <T>(work: (tx: Tx) => Promise<T>) =>
          prisma().$transaction((tx) => work(tx), { maxWait: 10_000, timeout: 60_000 });
        const onlyNarrow = () => {
          throw new ApiError("server_error", 'ctx.transaction/commit need transaction: "narrow"');
        };
        let committed: { result: RouteResult; outcome: Outcome } | null = null;

        const run = async (db: Tx): Promise<Outcome> => {
          const ctx = {
            request,
            requestId,
            principal: principal as PrincipalFor<A>,
            scope: scope as RouteContext<A, Scoped, B, Q>["scope"],
            body,
            query,
            params,
            db,
            authorize: (capability: Capability) => {
              if (!scope) throw new ApiError("server_error", "authorize() needs a scoped route");
              authorize(scope, capability);
            },
            transaction: narrow ? inTransaction : onlyNarrow,
            commit: narrow
              ? (work: (tx: Tx) => Promise<RouteResult>) =>
                  inTransaction(async (tx) => {
                    const result = await work(tx);
                    committed = { result, outcome: await render(result, tx) };
                    return result;
                  })
              : onlyNarrow,
          };
          const result = await options.handler(ctx);
          // Answered through ctx.commit: already rendered and stored with its writes.
          if (committed && committed.result === result) return committed.outcome;
          return render(result, narrow ? null : db);
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

      if (outcome.raw) {
        response = outcome.raw;
        response.headers.set("x-request-id", requestId);
      } else {
        if (idem && !shouldStore(outcome.status)) await releaseIdempotent(idem);
        idem = null;
        if (outcome.afterCommit) {
          await outcome
            .afterCommit()
            .catch((error: unknown) => log.error("after-commit step failed", { requestId, error }));
        }
        response = textResponse(outcome.text, outcome.status, requestId, { ...rateHeaders, ...outcome.headers });
      }
      return response;
    } catch (caught) {
      const error = mapUnknownError(caught);
      if (error.status >= 500) {
        log.error("request failed", {
          requestId,
          method: request.method,
          path: url.pathname,
          error: caught,
          cause: (caught as Error)?.cause,
        });
      }
      const body = errorBody(error.code, error.message, requestId, error.details);
      if (idem) {
        const stored = shouldStore(error.status)
          ? completeIdempotent(idem, error.status, JSON.stringify(body))
          : releaseIdempotent(idem);
        await stored.catch((e: unknown) => log.error("idempotency bookkeeping failed", { requestId, error: e }));
      }
      response = jsonResponse(body, error.status, requestId, { ...rateHeaders, ...error.headers });
      return response;
    } finally {
      log.info("api", {
        requestId,
        method: request.method,
        path: url.pathname,
        status: response!?.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        principal: principal ? principalKey(principal) : null,
      });
    }
  };
}

// Marks the handlers built here: plain Request → Response functions that need no Next.js request
// context, so the HTTP server may call them directly (lib/server/direct-api.ts). A registry
// symbol, so the mark reads the same from any copy of this module.
const KERNEL_HANDLER = Symbol.for("ledgerlink.kernel-handler");

export function isKernelHandler(value: unknown): value is Handler {
  return typeof value === "function" && (value as unknown as Record<symbol, unknown>)[KERNEL_HANDLER] === true;
}

function mark(handler: Handler): Handler {
  Object.defineProperty(handler, KERNEL_HANDLER, { value: true });
  return handler;
}

/** The methods a route file exports; the others answer 405 in the envelope with an Allow header. */
export function methods(handlers: Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", Handler>>) {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed: Handler = async (request) => {
    const requestId = requestIdFor(request);
    return jsonResponse(
      errorBody("method_not_allowed", `${request.method} is not supported here. Allowed: ${allow}.`, requestId),
      405,
      requestId,
      { allow },
    );
  };
  return {
    GET: mark(handlers.GET ?? notAllowed),
    POST: mark(handlers.POST ?? notAllowed),
    PUT: mark(handlers.PUT ?? notAllowed),
    PATCH: mark(handlers.PATCH ?? notAllowed),
    DELETE: mark(handlers.DELETE ?? notAllowed),
  };
}

export type AppOnly = AppPrincipal;
