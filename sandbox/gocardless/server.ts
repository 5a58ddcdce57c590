// Routes of the fake GoCardless under /gocardless-fake, on web Request/Response (served by the
// banks' process, sandbox/server.ts, or a test's own server):
//   {prefix}/api/v2/…        the API (bearer tokens from its own token endpoint, which accepts the
//                            one pair of user secrets configured; without them it answers 401)
//   {prefix}/bank/{id}       the consent page of a requisition, and …/decision
//   {prefix}/controls/…      the operator's (X-Sandbox-Control): clock, requisition expiry/suspension,
//                            token expiry, account totals
import { clockControl, routeFakeBank } from "@/sandbox/shared/routes";
import { GC_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
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

/** The user secrets the fake's token endpoint accepts. */
export type GoCardlessSecrets = { secretId: string; secretKey: string };

export type GcFakeOptions = { publicUrl: string; secrets: GoCardlessSecrets | null; controlSecret: string | null };

async function api(request: Request, parts: string[], url: URL, ctx: GcFakeContext, options: GcFakeOptions) {
  // Every path of the API ends with a slash: ["v2", …, ""].
  if (parts[0] !== "v2" || parts.at(-1) !== "") return notFound();
  const [head, id, what, extra] = parts.slice(1, -1);
  const n = parts.length - 2;
  const method = request.method;
  if (method === "POST" && head === "token" && n === 2 && id === "new")
    return newToken(await jsonBodyOf(request), options.secrets);
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
  const ctx: GcFakeContext = { origin: options.publicUrl, prefix: GC_FAKE_PREFIX };
  return routeFakeBank(request, GC_FAKE_PREFIX, { recordCall: recordGcCall }, options.controlSecret, {
    api: (parts, url) => api(request, parts, url, ctx, options),
    page: (id, url) => consentPage(id, url, ctx),
    decision: consentDecision,
    controls: (parts) => controls(request, parts),
    notFound,
    refused: (status, message, headers) => gcFail(status, "Unauthorized", message, { headers }),
  });
}
