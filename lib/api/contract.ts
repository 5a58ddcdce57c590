// The contract of an endpoint, as its route() call declares it once: what the OpenAPI document says
// (lib/openapi/document.ts reads it from the route modules), what the kernel enforces, and what the
// compiler holds the handler to. A handler's result is typed from `responses`: a status it does not
// declare, a field of the wrong type, a missing field or a field the schema lacks is a compile error.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { Load } from "@/lib/api/load";
import type { LimitRule } from "@/lib/api/rate-limit";
import type { PageSpec, Responses, ResponseSpec, WithMetaSpec } from "@/lib/api/responses";
import type { ScopeContext } from "@/lib/api/scope";
import type { AuditActor } from "@/lib/audit/actor";
import type { Capability } from "@/lib/auth/capabilities";
import type { Principal, UserPrincipal } from "@/lib/auth/principal";
import type { Tx } from "@/lib/db/client";
import type { Commit } from "@/lib/db/transaction";
import type { Tag } from "@/lib/openapi/tags";
import type { MembershipOfScope } from "@/lib/scopes/scopes";

export type AuthMode = "public" | "any" | "user";

/** What the document states about an operation (everything but the handler and rate-limit plumbing). */
export type Contract = {
  /** Unique across the API; the client generators' method name. */
  operationId: string;
  /** Named once per route file, by its methods() call. */
  tag: Tag;
  summary: string;
  description?: string;
  auth: AuthMode;
  scoped: boolean;
  /** Checked before the handler runs; with `load`, once the record was found; with `afterLookup`, by the handler. */
  capability?: Capability;
  /**
   * 404 before 403 where the lookup is not a plain `load` (e.g. folded into the handler's own query):
   * the handler finds its record, then must call `authorize()` (checks `capability`); a handler that
   * answers without calling it is a server error.
   */
  afterLookup?: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /**
   * The handler validates body and query itself (after its lookup, or with cross-field rules); the
   * schemas above then only document them, and `ctx.body`/`ctx.query` are unknown.
   */
  ownValidation?: boolean;
  /** Path parameters that must be UUIDs; a malformed one answers 404 like a missing record. */
  uuidParams?: string[];
  /** Success statuses and their bodies (lib/api/responses.ts). */
  responses: Responses;
  /** Error codes beyond those derived from auth, scope, body, query and uuidParams (lib/openapi/errors.ts). */
  errors?: ErrorCode[];
  /** Not in the envelope and not through the kernel (health). */
  bare?: boolean;
  /**
   * The body is a file, not JSON: the kernel does not read it (nor hold it to BODY_LIMIT_BYTES);
   * the handler streams `request.body` itself with lib/api/upload.ts, within `maxBytes`.
   */
  upload?: { mediaTypes: string[]; maxBytes: number; description: string };
};

type PrincipalFor<A extends AuthMode> = A extends "public"
  ? Principal | null
  : A extends "user"
    ? UserPrincipal
    : Principal;
type Input<S, Own> = Own extends true ? unknown : S extends z.ZodType ? z.infer<S> : undefined;

export type RouteContext<
  A extends AuthMode,
  Scoped extends boolean,
  B,
  Q,
  Own = false,
  F = undefined,
  P = undefined,
  R extends Responses = Responses,
> = {
  request: Request;
  requestId: string;
  principal: PrincipalFor<A>;
  /** Who acts, as the audit trail records it (null for an anonymous caller of a public route). */
  actor: A extends "public" ? AuditActor | null : AuditActor;
  scope: Scoped extends true ? ScopeContext : null;
  body: Input<B, Own>;
  query: Input<Q, Own>;
  params: Record<string, string>;
  /** The record `load` found (capability checked); undefined without `load`. */
  found: F;
  /**
   * With `prefetch`: its read, when the kernel started it alongside the credentials (lib/api/prefetch.ts),
   * handed over only now that every check passed; null when it was not started (then read it here).
   */
  prefetched: Promise<P> | null;
  /** With `withMemberships`: a person's memberships, read with the credentials; null otherwise (and for App tokens). */
  memberships: MembershipOfScope[] | null;
  /** The shared client, for reads: every write is a verb's, in transactions the verb opens. */
  db: Tx;
  /**
   * Checks a capability (default: the declared one): for `afterLookup` routes once the record was
   * found, and for a further capability the found record calls for (e.g. a default profile).
   */
  authorize: (capability?: Capability) => void;
  /**
   * The answer of a verb's writes: `answer(verb, input, render)` runs `verb({ ...input, commit })`,
   * whose `commit` is its last transaction, in which `render` makes the answer of what the verb
   * returns and the kernel stores it for the Idempotency-Key. Once that transaction has committed,
   * its answer is the request's, whatever happens next (lib/api/route.ts). A verb that returns
   * without committing (nothing to write) is answered by `render` afterwards, with the shared client.
   */
  answer: <V extends { commit?: Commit<T> }, T>(
    verb: (input: V) => Promise<T>,
    input: Omit<V, "commit">,
    render: (result: T, db: Tx) => ResultOf<R> | Promise<ResultOf<R>>,
  ) => Promise<ResultOf<R>>;
};

type Extras = { headers?: Record<string, string> };
type StatusOf<S> = S extends 200 ? { status?: 200 } : { status: S };
type Variant<S, R> = R extends null
  ? StatusOf<S> & Extras
  : R extends PageSpec<infer I>
    ? StatusOf<S> & Extras & { data: z.input<I>[]; meta: { page: { perPage: number; nextCursor: string | null } } }
    : R extends WithMetaSpec<infer D, infer M>
      ? StatusOf<S> & Extras & { data: z.input<D>; meta: z.input<M> }
      : R extends { kind: "redirect" }
        ? StatusOf<S> & Extras & { location: string }
        : R extends { kind: "file" }
          ? StatusOf<S> & Extras & { text: string }
          : R extends z.ZodType
            ? StatusOf<S> & Extras & { data: z.input<R> }
            : never;

/** What a handler may return for these responses. */
export type ResultOf<R extends Responses> = { [S in keyof R]-?: Variant<S, R[S]> }[keyof R];

type DataOf<R> =
  R extends PageSpec<infer I>
    ? z.input<I>[]
    : R extends WithMetaSpec<infer D>
      ? z.input<D>
      : R extends z.ZodType
        ? z.input<R>
        : never;
type AllKeys<T> = T extends unknown ? keyof T : never;
type Depth = [never, 0, 1, 2, 3, 4, 5, 6, 7, 8];

/** The paths of fields in T that the shape S does not have (deep; arrays and nullables followed). */
type Excess<T, S, P extends string = "data", D extends number = 8> = [D] extends [never]
  ? never
  : unknown extends S
    ? never
    : T extends readonly (infer TI)[]
      ? Excess<TI, Extract<S, readonly unknown[]>[number], `${P}[]`, Depth[D]>
      : T extends Record<string, unknown>
        ? {
            [K in keyof T & string]: K extends AllKeys<Extract<S, object>>
              ? Excess<T[K], Extract<S, object>[K & AllKeys<Extract<S, object>>], `${P}.${K}`, Depth[D]>
              : `${P}.${K}`;
          }[keyof T & string]
        : never;

/** Fields the handler returns that none of the declared data schemas has. */
type ExcessOf<H, R extends Responses> = H extends (...args: never[]) => Promise<infer Out>
  ? Out extends { data: infer D }
    ? Excess<D, { [S in keyof R]-?: DataOf<R[S]> }[keyof R]>
    : never
  : never;

export type Handler<
  A extends AuthMode,
  Scoped extends boolean,
  B,
  Q,
  Own,
  R extends Responses,
  F = undefined,
  P = undefined,
> = (ctx: RouteContext<A, Scoped, B, Q, Own, F, P, R>) => Promise<ResultOf<R>>;

/** The kernel's own options: how the request is limited and run, not part of the document. */
type KernelOptions = {
  /** Which limits the request spends (default: the caller's share of the default limit); written beside the route. */
  limit?: LimitRule;
  /**
   * A GET that writes or asks another host (a bank's directory, a company register, the bank's
   * redirect back). Any other GET only reads, so the kernel runs it alongside the rate-limit
   * bookkeeping instead of after it, and answers 429 (discarding what it read) when the caller is over
   * the limit; with `effects`, the limit is spent first, so an over-limit caller costs nobody a call.
   * Authentication, scope membership and capability checks come before the handler either way; only
   * authenticated callers get the overlap.
   */
  effects?: true;
  /**
   * The handler needs the person's memberships with their scopes (ctx.memberships): the kernel reads
   * them in the credentials' own query, so the route costs one round trip, not two.
   */
  withMemberships?: boolean;
};

/** What a route() call declares: its file's methods() call adds the tag, route() the id and summary. */
export type Declared = Omit<Contract, "tag">;

/** The record the route is about (lib/api/load.ts): scoped routes only. */
type LoadOption<Scoped extends boolean, F> = Scoped extends true ? { load?: Load<F> } : { load?: never };

/** What a prefetch reads from: the request as parsed before the credentials were checked. */
export type PrefetchInput<Query> = { scopeId: string; params: Record<string, string>; query: Query };

/**
 * A read-only scoped GET's data read, started alongside the credentials' query when the kernel may
 * (lib/api/prefetch.ts) and handed to the handler as `ctx.prefetched` once every check passed. It
 * reads the X-Scope scope's data only (the scope id comes as `scopeId`), and must be the same read
 * the handler makes without it.
 */
type PrefetchOption<Scoped extends boolean, Q, Own, P> = Scoped extends true
  ? { prefetch?: (input: PrefetchInput<Input<Q, Own>>) => Promise<P> }
  : { prefetch?: never };

export type RouteOptions<
  A extends AuthMode,
  Scoped extends boolean,
  B,
  Q,
  Own extends boolean,
  R extends Responses,
  H,
  F = undefined,
  P = undefined,
> = Omit<Contract, "operationId" | "tag" | "summary"> &
  KernelOptions &
  LoadOption<Scoped, F> &
  PrefetchOption<Scoped, Q, Own, P> & {
    auth: A;
    scoped: Scoped;
    body?: B;
    query?: Q;
    ownValidation?: Own;
    responses: R;
    handler: H;
  };

/** Compiles only when the handler returns no field outside its response schemas (names the first ones). */
export type NoExcess<H, R extends Responses> = [ExcessOf<H, R>] extends [never]
  ? unknown
  : { handler: `Not in the response schema: ${ExcessOf<H, R> & string}` };

export type { ResponseSpec };
