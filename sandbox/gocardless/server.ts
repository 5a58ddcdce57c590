// Routes of the fake GoCardless under one prefix, on web Request/Response so the same code runs
// under Next (app/gocardless-fake) and behind a node:http server in tests:
//   {prefix}/api/v2/…        the API (bearer tokens from its own token endpoint)
//   {prefix}/bank/{id}       the consent page of a requisition, and …/decision
//   {prefix}/controls/…      clock, requisition expiry/suspension, token expiry, account totals
import { clockControl, routeFakeBank } from "@/sandbox/shared/routes";
import { jsonBodyOf } from "@/sandbox/shared/web";
import { gcAccountTotals, accountData } from "@/sandbox/gocardless/account-api";
import {
  authorized,
  createAgreement,
  createRequisition,
  deleteRequisition,
  getAgreement,
  getRequisition,
  institutions,
  newToken,
  refreshToken,
} from "@/sandbox/gocardless/consent-api";
import { consentDecision, consentPage } from "@/sandbox/gocardless/page";
import { gcFail, gcJson, notFound, type GcFakeContext } from "@/sandbox/gocardless/respond";
import { advanceGcClock, endRequisition, gcStore, recordGcCall, resetGcClock } from "@/sandbox/gocardless/state";

type GcFakeOptions = { prefix: string; secretId: string; secretKey: string };

async function api(request: Request, parts: string[], url: URL, ctx: GcFakeContext, options: GcFakeOptions) {
  // Every path of the API ends with a slash: ["v2", …, ""].
  if (parts[0] !== "v2" || parts.at(-1) !== "") return notFound();
  const [head, id, what, extra] = parts.slice(1, -1);
  const n = parts.length - 2;
  const method = request.method;
  if (method === "POST" && head === "token" && n === 2 && id === "new")
    return newToken(await jsonBodyOf(request), options);
  if (method === "POST" && head === "token" && n === 2 && id === "refresh")
    return refreshToken(await jsonBodyOf(request));
  if (!authorized(request)) return gcFail(401, "Invalid token", "Token is invalid or expired");
  if (method === "GET" && head === "institutions" && n === 1) return institutions(url, ctx);
  if (head === "agreements" && id === "enduser") {
    if (method === "POST" && n === 2) return createAgreement(await jsonBodyOf(request));
    if (method === "GET" && n === 3) return getAgreement(what);
  }
  if (head === "requisitions") {
    if (method === "POST" && n === 1) return createRequisition(await jsonBodyOf(request), ctx);
    if (method === "GET" && n === 2) return getRequisition(id, ctx);
    if (method === "DELETE" && n === 2) return deleteRequisition(id);
  }
  if (method === "GET" && head === "accounts" && (n === 2 || (n === 3 && extra === undefined)))
    return accountData(id, what ?? "", url);
  return notFound();
}

async function controls(request: Request, parts: string[]): Promise<Response> {
  const clock = await clockControl(request, parts, { advanceClock: advanceGcClock, resetClock: resetGcClock }, gcJson);
  if (clock) return clock;
  const [head, id, action] = parts;
  const ok = (done: boolean) => (done ? gcJson(200, { ok: true }) : gcJson(404, { message: "Not found" }));
  if (request.method === "POST" && head === "requisitions" && (action === "expire" || action === "suspend"))
    return ok(endRequisition(id, action === "expire" ? "EX" : "SU"));
  if (request.method === "POST" && head === "tokens" && id === "expire") {
    for (const t of gcStore().tokens.values()) if (t.kind === "access") t.until = 0;
    return ok(true);
  }
  if (request.method === "GET" && head === "accounts" && action === "totals") {
    const totals = gcAccountTotals(id);
    return totals ? gcJson(200, totals) : ok(false);
  }
  return ok(false);
}

export function handleGoCardlessFake(request: Request, options: GcFakeOptions): Promise<Response> {
  const ctx: GcFakeContext = { origin: new URL(request.url).origin, prefix: options.prefix };
  return routeFakeBank(
    request,
    options.prefix,
    { recordCall: recordGcCall },
    {
      api: (parts, url) => api(request, parts, url, ctx, options),
      page: (id, url) => consentPage(id, url, ctx),
      decision: consentDecision,
      controls: (parts) => controls(request, parts),
      notFound,
    },
  );
}
