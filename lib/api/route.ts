// The route kernel. `route(operationId, summary, {...})` is the one description of an endpoint (who may
// call it, request and response schemas: lib/api/contract.ts) and its handler; `methods(tag, …)` tags a
// file. The kernel is about requests only, in named steps (lib/api/steps.ts), each of which can end
// the request: X-Scope present (no database read) → authenticate → limit → admit (human-only, scope
// 404, capability 403) → reserve the Idempotency-Key → parse and validate → handle → answer. A GET
// (unless it has `effects`) spends its limit alongside its handler; a prefetching route's read starts beside
// authenticate (lib/api/prefetch.ts) and reaches the handler only once every check passed. A route
// about one record (`load`) answers 404 before 403.
//
// Writes are the verbs' own (documenso's shape): a verb opens its short transactions, never holds
// one while a bank answers, and writes its audit row, events and jobs in them. The kernel's one part
// in a write is `ctx.answer`: it lends the verb's last transaction the request's answer, stored there
// for the Idempotency-Key, so a crash cannot leave the writes without their answer. Once that
// transaction has committed, its answer is the request's answer: every retry replays it, and
// whatever the handler does afterwards (returns something else, throws, even a 4xx) cannot change
// it; an error thrown after the commit is logged at error level on the request's one line. This is
// Stripe's rule — a key always returns the same result — and a 500 here would be a lie: the client
// would treat the operation as failed, while its retry got a 201 for writes made by the first attempt.
import type { z } from "zod";
import { readBodyText } from "@/lib/api/body";
import type { AuthMode, Handler as RouteHandler, NoExcess, RouteOptions } from "@/lib/api/contract";
import { releaseIdempotent, shouldStore } from "@/lib/api/idempotency";
import { withLoadParam } from "@/lib/api/load";
import { documented, type Handler } from "@/lib/api/methods";
import type { Outcome } from "@/lib/api/outcome";
import { DEFAULT_LIMIT } from "@/lib/api/rate-limit";
import { requestIdFor } from "@/lib/api/request-id";
import { logRequest } from "@/lib/api/request-log";
import type { Responses } from "@/lib/api/responses";
import { scopeHeader } from "@/lib/api/scope";
import {
  admitStep,
  authenticateStep,
  handleStep,
  limitStep,
  parseStep,
  refuse,
  reply,
  reserveStep,
  type Call,
  type Spec,
} from "@/lib/api/steps";
import { principalCache } from "@/lib/auth/principal-listener";
import { principalKey } from "@/lib/auth/principal";
import { routeTemplate } from "@/lib/metrics/route-template";
import { inSpan } from "@/lib/tracing/spans";

export { methods, type Handler } from "@/lib/api/methods";
export { scoped, unscoped } from "@/lib/api/load";

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

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
  const { handler, limit, effects, withMemberships, load, prefetch, ...declared } = options;
  const spec: Spec = {
    contract: withLoadParam({ operationId, summary, ...declared }, load),
    handler: handler as unknown as Spec["handler"],
    limit: limit ?? DEFAULT_LIMIT,
    effects: effects === true,
    withMemberships: withMemberships === true,
    load: load,
    prefetch: prefetch as Spec["prefetch"],
  };
  // Each request in a span of its own, named by its route template (never a raw id).
  const traced: Handler = async (request, nextContext) => {
    // Next's params do not reject; without them (a caller with no context) the path is its own template.
    const params = (await nextContext?.params?.catch(() => undefined)) ?? {};
    const template = routeTemplate(new URL(request.url).pathname, params);
    const attributes = {
      "http.request.method": request.method,
      "http.route": template,
      "ledgerlink.operation": operationId,
    };
    return inSpan(`${request.method} ${template}`, attributes, async (span) => {
      const response = await serve(spec, request, template, params);
      span.setAttribute("http.response.status_code", response.status);
      return response;
    });
  };
  return documented(spec.contract, traced);
}

async function serve(spec: Spec, request: Request, template: string, nextParams: Record<string, string | string[]>) {
  const call: Call = {
    request,
    url: new URL(request.url),
    requestId: requestIdFor(request),
    started: performance.now(),
    principal: null,
    rateHeaders: {},
    idem: null,
    early: null,
    committed: null,
  };
  let response: Response | undefined;
  try {
    const scopeId = spec.contract.scoped ? scopeHeader(request) : null;
    // A file upload's body is the handler's to stream (lib/api/upload.ts), never read whole here.
    const bodyText = WRITE_METHODS.has(request.method) && !spec.contract.upload ? await readBodyText(request) : "";
    const authn = await authenticateStep(spec, call, scopeId, nextParams);
    const limited = limitStep(spec, call, bodyText);
    const rest = async (): Promise<Outcome> => {
      const scope = await admitStep(spec, call, authn, scopeId);
      const replay = await reserveStep(call, scope, bodyText);
      if (replay) return replay;
      return handleStep(spec, call, scope, parseStep(spec, call, bodyText, nextParams), authn.memberships);
    };
    // A GET without effects runs alongside its limit's bookkeeping; what it read is dropped on a 429.
    const overlap = !spec.effects && request.method === "GET" && authn.principal !== null;
    let outcome: Outcome;
    if (overlap) {
      const [spent, done] = await Promise.allSettled([limited, rest()]);
      if (spent.status === "rejected") throw spent.reason;
      if (done.status === "rejected") throw done.reason;
      outcome = done.value;
    } else {
      await limited;
      outcome = await rest();
    }
    if (call.idem && !shouldStore(outcome.status)) await releaseIdempotent(call.idem);
    response = reply(call, outcome);
  } catch (thrown) {
    response = await refuse(spec, call, thrown);
  } finally {
    // A write may have changed who may do what (a token revoked, a member removed): what this
    // instance kept about principals goes before the answer does (lib/auth/principal-cache.ts).
    if (WRITE_METHODS.has(request.method)) principalCache()?.afterWrite();
    logRequest(request.method, template, call.url.pathname, call.requestId, {
      ms: performance.now() - call.started,
      status: response?.status,
      principal: call.principal ? principalKey(call.principal) : null,
      failure: call.failure,
      auth: call.authSource,
    });
  }
  return response;
}
