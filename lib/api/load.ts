// Path parameters, and `load`: the record of the X-Scope scope a route is about, named by one of
// them. The kernel finds it with the route's db (the write transaction, or the shared client for
// reads and `transaction: "narrow"`), after validation, then checks the route's capability and
// hands the record to the handler as `ctx.found`. 404 before 403: a malformed id, an unknown one
// and another scope's all answer 404 whatever the caller's role, so a role that may not act on a
// record never learns that it exists; the handler cannot skip the capability check.
// `recordRoute(param, find)` makes the option block once, next to each finder; route files spread it.
import type { AuthMode, Declared } from "@/lib/api/contract";
import { ApiError } from "@/lib/errors";
import { authorize, isUuid, type ScopeContext } from "@/lib/api/scope";
import type { Capability } from "@/lib/auth/capabilities";
import type { Tx } from "@/lib/db/client";

/** Finds record `id` of the scope, or throws not_found. */
export type Finder<F> = (db: Tx, scopeId: string, id: string) => Promise<F>;
export type Load<F> = { param: string; find: Finder<F> };

/** Who may call a route of the X-Scope scope: `...scoped("any", "accounts.read")` in its options. */
export const scoped = <A extends AuthMode>(auth: A, capability: Capability) => ({
  auth,
  scoped: true as const,
  capability,
});

/** Who may call a route outside any scope (no X-Scope): `...unscoped("user")`. */
export const unscoped = <A extends AuthMode>(auth: A) => ({ auth, scoped: false as const });

/** The options of a route about one record: `recordRoute("id", findAccount)("any", "accounts.read")`. */
export function recordRoute<F>(param: string, find: Finder<F>) {
  return <A extends AuthMode>(auth: A, capability: Capability) => ({
    ...scoped(auth, capability),
    load: { param, find } satisfies Load<F>,
  });
}

/** The contract as documented: the loaded parameter is a UUID path parameter (malformed → 404). */
export function withLoadParam<C extends Declared>(contract: C, load: Load<unknown> | undefined): C {
  if (!load || contract.uuidParams?.includes(load.param)) return contract;
  return { ...contract, uuidParams: [...(contract.uuidParams ?? []), load.param] };
}

/** Next's path parameters (already awaited), checked: a malformed UUID parameter is a missing record. */
export function pathParams(nextParams: Record<string, string | string[]>, uuidParams: string[] = []) {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(nextParams)) params[k] = Array.isArray(v) ? v.join("/") : v;
  for (const name of uuidParams) {
    if (!isUuid(params[name] ?? "")) throw new ApiError("not_found", "Record not found.");
  }
  return params;
}

/** Finds the route's record (404), then checks its capability (403). */
export async function loadRecord<F>(
  load: Load<F>,
  db: Tx,
  scope: ScopeContext | null,
  capability: Capability | undefined,
  params: Record<string, string>,
): Promise<F> {
  if (!scope) throw new ApiError("server_error", "load needs a scoped route");
  const found = await load.find(db, scope.scopeId, params[load.param] ?? "");
  if (capability) authorize(scope, capability);
  return found;
}
