// A route file's exports: `methods({GET: route(…), …})` gives every method a handler (405 in the
// envelope for those it lacks). Each route() handler carries its contract, which the OpenAPI
// document and the test helpers read back with contractOf().
import type { Contract } from "@/lib/api/contract";
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";

type NextContext = { params: Promise<Record<string, string | string[]>> };
export type Handler = (request: Request, context: NextContext) => Promise<Response>;
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

// A registry symbol, so the mark reads the same from any copy of this module.
const CONTRACT = Symbol.for("ledgerlink.contract");

/** Attaches the contract a handler answers by (route() does; health, outside the kernel, too). */
export function documented<F extends (...args: never[]) => unknown>(contract: Contract, handler: F): F {
  Object.defineProperty(handler, CONTRACT, { value: contract });
  return handler;
}

export function contractOf(handler: unknown): Contract | undefined {
  return typeof handler === "function"
    ? (handler as unknown as Record<symbol, Contract | undefined>)[CONTRACT]
    : undefined;
}

/** 405 in the envelope, with the Allow header. */
export function methodNotAllowed(request: Request, allow: string): Promise<Response> {
  const requestId = requestIdFor(request);
  const message = `${request.method} is not supported here. Allowed: ${allow}.`;
  return Promise.resolve(jsonResponse(errorBody("method_not_allowed", message, requestId), 405, requestId, { allow }));
}

/** The methods a route file exports; the others answer 405 in the envelope with an Allow header. */
export function methods(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(handlers).join(", ");
  const notAllowed = (): Handler => (request) => methodNotAllowed(request, allow);
  return {
    GET: handlers.GET ?? notAllowed(),
    POST: handlers.POST ?? notAllowed(),
    PUT: handlers.PUT ?? notAllowed(),
    PATCH: handlers.PATCH ?? notAllowed(),
    DELETE: handlers.DELETE ?? notAllowed(),
  };
}
