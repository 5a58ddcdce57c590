// Routes of the fake Enable Banking under /enablebanking-fake, on web Request/Response (served by
// the banks' process, sandbox/server.ts, or a test's own server):
//   {prefix}/api/…            the API (JWT-checked like Enable Banking's: signed with the key of the
//                             one application it knows; without one configured it answers 401)
//   {prefix}/bank/{id}        the hosted bank page, and …/decision
//   {prefix}/controls/…       the operator's (X-Sandbox-Control): clock, session expiry/revocation (by
//                             session or account uid), an account's totals, holding an account's
//                             transaction reports (…/hold, …/release)
import type { KeyObject } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";
import {
  accountData,
  accountTotals,
  authorizeSession,
  deleteSession,
  fail,
  getSession,
  json,
  listAspsps,
  startAuthorization,
  type FakeContext,
} from "@/sandbox/enablebanking/api";
import { bankDecision, bankPage } from "@/sandbox/enablebanking/page";
import { holdControl, passHold } from "@/sandbox/shared/hold";
import { clockControl, routeFakeBank } from "@/sandbox/shared/routes";
import { EB_FAKE_PREFIX } from "@/sandbox/shared/prefixes";
import { jsonBodyOf } from "@/sandbox/shared/web";
import { accountByUid, advanceClock, endSession, recordCall, resetClock } from "@/sandbox/enablebanking/state";

/** The one application the fake knows: its id (the JWT's kid) and the public half of its signing key. */
export type EnableBankingApp = { appId: string; publicKey: KeyObject };

export type FakeOptions = {
  /** The banks' public origin: the hosted pages' and logos' absolute URLs start with it. */
  publicUrl: string;
  app: EnableBankingApp | null;
  controlSecret: string | null;
};

const MAX_TOKEN_SECONDS = 24 * 3600;

async function authorized(request: Request, app: EnableBankingApp | null): Promise<boolean> {
  const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token || !app) return false;
  try {
    const header = decodeProtectedHeader(token);
    if (header.alg !== "RS256" || header.kid !== app.appId) return false;
    const claims = { issuer: "enablebanking.com", audience: "api.enablebanking.com" };
    const { payload } = await jwtVerify(token, app.publicKey, claims);
    return (
      typeof payload.iat === "number" &&
      typeof payload.exp === "number" &&
      payload.exp - payload.iat <= MAX_TOKEN_SECONDS
    );
  } catch {
    return false;
  }
}

const bodyOf = jsonBodyOf;

async function api(
  request: Request,
  parts: string[],
  url: URL,
  ctx: FakeContext,
  options: FakeOptions,
): Promise<Response> {
  if (!(await authorized(request, options.app))) return fail(401, "UNAUTHORIZED_ACCESS", "Unauthorized access");
  const [head, id, what] = parts;
  const method = request.method;
  if (method === "GET" && head === "aspsps" && parts.length === 1) return listAspsps(url, ctx);
  if (method === "POST" && head === "auth" && parts.length === 1) return startAuthorization(await bodyOf(request), ctx);
  if (method === "POST" && head === "sessions" && parts.length === 1) return authorizeSession(await bodyOf(request));
  if (head === "sessions" && parts.length === 2 && method === "GET") return getSession(id);
  if (head === "sessions" && parts.length === 2 && method === "DELETE") return deleteSession(id);
  if (
    method === "GET" &&
    head === "accounts" &&
    parts.length === 3 &&
    ["details", "balances", "transactions"].includes(what)
  ) {
    // A test's hold (controls/accounts/{uid}/hold) keeps transaction reports waiting until released.
    if (what === "transactions") await passHold("enablebanking", id);
    return accountData(id, what, url);
  }
  return fail(404, "WRONG_REQUEST_PARAMETERS", "Not found");
}

async function controls(request: Request, parts: string[]): Promise<Response> {
  const clock = await clockControl(request, parts, { advanceClock, resetClock }, json);
  if (clock) return clock;
  const [head, id, action] = parts;
  if (request.method === "POST" && head === "sessions" && (action === "expire" || action === "revoke")) {
    return endSession(id, action === "expire" ? "EXPIRED" : "REVOKED")
      ? json(200, { ok: true })
      : json(404, { message: "No such session" });
  }
  if (request.method === "POST" && head === "accounts" && (action === "expire" || action === "revoke")) {
    // The session an account was shared under, found by the account's uid (what the app shows).
    const found = accountByUid(id);
    return found && endSession(found.session.id, action === "expire" ? "EXPIRED" : "REVOKED")
      ? json(200, { ok: true })
      : json(404, { message: "No such account" });
  }
  if (request.method === "POST" && head === "accounts" && (action === "hold" || action === "release")) {
    return accountByUid(id)
      ? json(200, holdControl("enablebanking", id, action))
      : json(404, { message: "No such account" });
  }
  if (request.method === "GET" && head === "accounts" && action === "totals") {
    const totals = accountTotals(id);
    return totals ? json(200, totals) : json(404, { message: "No such account" });
  }
  return json(404, { message: "Not found" });
}

export function handleEnableBankingFake(request: Request, options: FakeOptions): Promise<Response> {
  const ctx: FakeContext = { origin: options.publicUrl, prefix: EB_FAKE_PREFIX };
  return routeFakeBank(request, EB_FAKE_PREFIX, { recordCall }, options.controlSecret, {
    api: (parts, url) => api(request, parts, url, ctx, options),
    page: (id, url) => bankPage(id, url, ctx),
    decision: bankDecision,
    controls: (parts) => controls(request, parts),
    notFound: () => json(404, { message: "Not found" }),
    refused: (status, message, headers) => json(status, { message }, headers),
  });
}
