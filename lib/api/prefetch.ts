// A read-only GET's data read alongside the credentials' query instead of after it (a route's
// `prefetch`): the credentials round trip was the largest cost the kernel added to the transactions
// page. Nothing read this way leaves before the request has passed every check: the handler receives
// the pending read only after authentication, the rate limit, scope membership and the capability
// (lib/api/route.ts), and a request that fails any of them answers as before while the read is dropped.
//
// So that no one can make the server read for them with credentials that never held, a read is only
// started for a bearer token this process saw admitted to that X-Scope scope, with a role holding the
// route's capability, within the last ADMITTED_TTL_MS: a forged or unknown token never starts one,
// and a token revoked (or a membership removed) since starts at most one, which is then dropped and
// the admission forgotten. Folding the credentials into the page's own SQL was measured first and
// cost more than the round trip it saved (the combined statement is planned on every request).
import "server-only";
import type { Declared, PrefetchInput } from "@/lib/api/contract";
import { pathParams } from "@/lib/api/load";
import { isUuid } from "@/lib/api/scope";
import { parseWith, queryObject } from "@/lib/api/validate";
import { hasCapability } from "@/lib/auth/capabilities";
import { hashToken } from "@/lib/auth/tokens";
import type { Role } from "@/lib/generated/prisma/enums";

/** A route's prefetch, as the kernel calls it. */
export type Read<T> = (input: PrefetchInput<unknown>) => Promise<T>;

const ADMITTED_TTL_MS = 60_000;
const MAX_ADMITTED = 10_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** (token hash, scope) → the role the token's holder had there when last admitted, and until when it counts. */
const admitted = new Map<string, { role: Role; until: number }>();

/** The key of a request's bearer credentials in one scope; null without a well-formed bearer token. */
export function credentialKey(request: Request, scopeId: string | null): string | null {
  const secret = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!secret || scopeId === null) return null;
  return `${hashToken(secret)} ${scopeId}`;
}

/** The request passed authentication and scope membership with this role. */
export function rememberAdmitted(key: string, role: Role): void {
  admitted.delete(key); // re-inserted last: the oldest entries go first when the map is full
  admitted.set(key, { role, until: Date.now() + ADMITTED_TTL_MS });
  if (admitted.size > MAX_ADMITTED) admitted.delete(admitted.keys().next().value!);
}

/** The request was refused before (or at) its scope: its credentials no longer start reads. */
export function forgetAdmitted(key: string): void {
  admitted.delete(key);
}

function admittedRole(key: string): Role | null {
  const entry = admitted.get(key);
  if (!entry) return null;
  if (entry.until > Date.now()) return entry.role;
  admitted.delete(key);
  return null;
}

/** A read started early, and the query it was started with (the kernel's own parse, reused). */
export type Started<T> = { read: Promise<T>; query: unknown };

/**
 * Starts `prefetch` when the request may (see the header): a GET with the route's UUID path
 * parameters well formed, its query valid, and credentials admitted to the scope with the capability.
 * Anything else starts nothing and the kernel proceeds as it would without a prefetch; its checks and
 * their answers are unchanged.
 */
export function startPrefetch<T>(
  contract: Declared,
  key: string | null,
  scopeId: string | null,
  params: Record<string, string | string[]>,
  url: URL,
  prefetch: Read<T>,
): Started<T> | null {
  if (key === null || scopeId === null || !isUuid(scopeId) || !contract.capability) return null;
  const role = admittedRole(key);
  if (role === null || !hasCapability(role, contract.capability)) return null;
  let plain: Record<string, string>;
  let query: unknown;
  try {
    plain = pathParams(params, contract.uuidParams);
    query = contract.query ? parseWith(contract.query, queryObject(url)) : undefined;
  } catch {
    return null; // the kernel answers the 404 or 422 at its usual place, after the credentials
  }
  // A prefetch that throws before its first await fails as a rejection too.
  const read = (async () => prefetch({ scopeId, params: plain, query }))();
  // A dropped read's failure is nobody's answer; the handler that awaits it still sees it.
  read.catch(() => undefined);
  return { read, query };
}

/** The kernel's side of one request to a prefetching route. */
export type Prefetch<T> = {
  /** The read, when it was started (handed to the handler once every check passed); null otherwise. */
  read: Promise<T> | null;
  /** The query as parsed for the read; the kernel's own parse when no read started. */
  query: unknown;
  /** The request's scope admitted its credentials with this role: later requests may read early. */
  admit: (role: Role) => void;
  /** The request was refused: unless its scope had admitted it, its credentials start no more reads. */
  refuse: () => void;
};

/** For a GET with bearer credentials naming a scope: the read started if it may be, and the bookkeeping. */
export function prefetchFor<T>(
  contract: Declared,
  prefetch: Read<T>,
  request: Request,
  scopeId: string | null,
  params: Record<string, string | string[]>,
  url: URL,
): Prefetch<T> | null {
  const key = request.method === "GET" ? credentialKey(request, scopeId) : null;
  if (key === null) return null;
  const started = startPrefetch(contract, key, scopeId, params, url, prefetch);
  let admittedHere = false;
  return {
    read: started?.read ?? null,
    query: started?.query,
    admit: (role) => {
      admittedHere = true;
      rememberAdmitted(key, role);
    },
    refuse: () => {
      if (!admittedHere) forgetAdmitted(key);
    },
  };
}
