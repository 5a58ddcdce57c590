// A route file's exports: `methods("Tag", {GET: route(…), …})` gives every method a handler (405 in
// the envelope for those it lacks) and names the document's tag of the file's operations once. Each
// route() handler carries its contract, which the OpenAPI document and the test helpers read back
// with contractOf().
import type { Contract, Declared } from "@/lib/api/contract";
import type { Tag } from "@/lib/openapi/tags";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";
import { serverTiming } from "@/lib/api/timing";

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type Handler = (request: Request, context: NextContext) => Promise<Response>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// The mark a handler's contract is attached under (the document and the test helpers read it back).
const CONTRACT = Symbol("contract");

/** A contract as attached: tagged once its route file's methods() named the tag. */
export type Attached = Declared & { tag?: Tag };

/** Attaches the contract a handler answers by (route() does; health, outside the kernel, too). */
export function documented<F extends (...args: never[]) => unknown>(contract: Declared | Contract, handler: F): F {
  Object.defineProperty(handler, CONTRACT, { value: contract });
  return handler;
}

export function contractOf(handler: unknown): Attached | undefined {
  return typeof handler === "function"
    ? (handler as unknown as Record<symbol, Attached | undefined>)[CONTRACT]
    : undefined;
}

/** 405 in the envelope, with the Allow header. */
export function methodNotAllowed(request: Request, allow: string): Promise<Response> {
  const requestId = requestIdFor(request);
  const message = `${request.method} is not supported here. Allowed: ${allow}.`;
  return Promise.resolve(
    jsonResponse(errorBody("method_not_allowed", message, requestId), 405, requestId, {
      allow,
      ...serverTiming(request),
    }),
  );
}

/**
 * The methods a route file exports, their operations documented under `tag`; the others answer 405
 * in the envelope with an Allow header.
 */
export function methods(tag: Tag, handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(handlers).join(", ");
  const served = (handler: Handler | undefined): Handler => {
    if (!handler) return (request) => methodNotAllowed(request, allow);
    const declared = contractOf(handler);
    return declared ? documented({ ...declared, tag }, (request, context) => handler(request, context)) : handler;
  };
  return {
    GET: served(handlers.GET),
    POST: served(handlers.POST),
    PUT: served(handlers.PUT),
    PATCH: served(handlers.PATCH),
    DELETE: served(handlers.DELETE),
  };
}
