// The fake's Enable Banking API (the operations in enable-banking-api-openapi.yml that account
// information uses): /aspsps, /auth, /sessions, /accounts/{uid}/details|balances|transactions.
// Answers follow the contract; tests validate every request and response against it.
import { randomUUID } from "node:crypto";
import { addDays } from "@/lib/dates/days";
import { FAKE_ASPSPS, accountsOf, entriesOf, hash, sortDateOf, totalsOf, uuidOf } from "@/sandbox/enablebanking/data";
import {
  accountByUid,
  attemptOf,
  fakeNow,
  fakeToday,
  sessionStatus,
  store,
  type FakeSession,
} from "@/sandbox/enablebanking/state";
import {
  MAX_VALIDITY_SECONDS,
  accountResource,
  aspspData,
  pageOf,
  sessionView,
  transaction,
  type FakeContext,
} from "@/sandbox/enablebanking/views";

export type { FakeContext };

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", date: fakeNow().toUTCString(), ...headers },
  });
}

export const fail = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { code: status, error, message, detail: null }, headers);

/** Scenario faults, by the person's name: first attempts of chosen pages fail, deterministically. */
function fault(session: FakeSession, uid: string, page: number, key: string | null): Response | null {
  if (session.user !== "ratelimited" && session.user !== "flaky") return null;
  if (attemptOf(`${uid}|${key ?? "first"}`) > 0) return null;
  if (session.user === "ratelimited" && page < 2)
    return fail(429, "ASPSP_RATE_LIMIT_EXCEEDED", "Too many requests", { "retry-after": "1" });
  if (session.user === "flaky" && page % 4 === 1) return fail(500, "ASPSP_ERROR", "The bank failed");
  if (session.user === "flaky" && page % 4 === 3) return fail(408, "ASPSP_TIMEOUT", "The bank timed out");
  return null;
}

function sessionRefusal(session: FakeSession): Response | null {
  const status = sessionStatus(session);
  if (status === "AUTHORIZED") return null;
  const error = { EXPIRED: "EXPIRED_SESSION", REVOKED: "REVOKED_SESSION", CLOSED: "CLOSED_SESSION" }[status];
  return fail(401, error, `Session is ${status.toLowerCase()}`);
}

export function startAuthorization(body: Record<string, unknown>, ctx: FakeContext): Response {
  const aspspRef = body.aspsp as { name?: string; country?: string } | undefined;
  const aspsp = FAKE_ASPSPS.find((a) => a.name === aspspRef?.name && a.country === aspspRef?.country);
  if (!aspsp) return fail(404, "WRONG_ASPSP_PROVIDED", "No such ASPSP");
  const psuType = body.psu_type === "business" ? "business" : "personal";
  if (!aspsp.psuTypes.includes(psuType))
    return fail(422, "WRONG_REQUEST_PARAMETERS", `PSU type ${psuType} is not supported by this ASPSP`);
  const validUntil = String((body.access as { valid_until?: string } | undefined)?.valid_until ?? "");
  const until = Date.parse(validUntil);
  if (
    Number.isNaN(until) ||
    until <= fakeNow().getTime() ||
    until > fakeNow().getTime() + (MAX_VALIDITY_SECONDS + 86_400) * 1000
  ) {
    return fail(
      422,
      "WRONG_REQUEST_PARAMETERS",
      "access.valid_until must be in the future and within the ASPSP's maximum consent validity",
    );
  }
  const id = randomUUID();
  store().authorizations.set(id, {
    id,
    aspsp,
    psuType,
    state: String(body.state),
    redirectUrl: String(body.redirect_url),
    validUntil: new Date(until).toISOString(),
    createdAt: fakeNow().toISOString(),
  });
  return json(200, {
    url: `${ctx.origin}${ctx.prefix}/bank/${id}`,
    authorization_id: id,
    psu_id_hash: hash(`auth|${id}`).slice(0, 32),
  });
}

export function authorizeSession(body: Record<string, unknown>): Response {
  const code = typeof body.code === "string" ? body.code : "";
  const granted = store().codes.get(code);
  if (!granted) return fail(400, "WRONG_AUTHORIZATION_CODE", "Wrong authorization code provided");
  store().codes.delete(code);
  const auth = store().authorizations.get(granted.authorizationId);
  if (!auth) return fail(400, "EXPIRED_AUTHORIZATION_CODE", "Authorization code is expired");
  const id = randomUUID();
  const templates = accountsOf(auth.aspsp, granted.user, auth.psuType);
  const session: FakeSession = {
    id,
    aspsp: auth.aspsp,
    psuType: auth.psuType,
    user: granted.user,
    // Account uids belong to the session, as at Enable Banking: a renewal shows new uids.
    accounts: granted.accountIndexes
      .filter((i) => templates[i])
      .map((i) => ({ uid: uuidOf(`${id}|${i}`), template: templates[i] })),
    validUntil: auth.validUntil,
    created: fakeNow().toISOString(),
    ended: null,
  };
  store().sessions.set(id, session);
  return json(200, {
    session_id: id,
    accounts: session.accounts.map((_, i) => accountResource(session, i)),
    aspsp: { name: auth.aspsp.name, country: auth.aspsp.country },
    psu_type: auth.psuType,
    access: { valid_until: auth.validUntil },
  });
}

export function getSession(id: string): Response {
  const session = store().sessions.get(id);
  return session
    ? json(200, sessionView(session))
    : fail(404, "SESSION_DOES_NOT_EXIST", "No session found matching provided id");
}

export function deleteSession(id: string): Response {
  const session = store().sessions.get(id);
  if (!session) return fail(404, "SESSION_DOES_NOT_EXIST", "No session found matching provided id");
  session.ended ??= "CLOSED";
  return json(200, { message: "OK" });
}

export function listAspsps(url: URL, ctx: FakeContext): Response {
  const country = url.searchParams.get("country");
  const psuType = url.searchParams.get("psu_type");
  const aspsps = FAKE_ASPSPS.filter(
    (a) => (!country || a.country === country) && (!psuType || a.psuTypes.includes(psuType as "personal")),
  );
  return json(200, { aspsps: aspsps.map((a) => aspspData(a, ctx)) });
}

export function accountData(uid: string, what: string, url: URL): Response {
  const found = accountByUid(uid);
  if (!found) return fail(404, "ACCOUNT_DOES_NOT_EXIST", "No account found matching provided id");
  const { session, account } = found;
  const refused = sessionRefusal(session);
  if (refused) return refused;
  if (what === "details") return json(200, accountResource(session, session.accounts.indexOf(account)));
  const today = fakeToday();
  if (what === "balances") {
    const booked = totalsOf(account.template, session.user, today).balance;
    const amount = { currency: account.template.currency, amount: booked };
    return json(200, {
      balances: [{ name: "Booked balance", balance_amount: amount, balance_type: "CLBD", reference_date: today }],
    });
  }
  const dateFrom = url.searchParams.get("date_from");
  if (dateFrom && !/^\d{4}-\d{2}-\d{2}$/.test(dateFrom))
    return fail(422, "WRONG_REQUEST_PARAMETERS", "date_from must be a date");
  if (dateFrom && dateFrom > today) return fail(422, "DATE_FROM_IN_FUTURE", "date_from can not be in the future");
  const key = url.searchParams.get("continuation_key");
  const match = key ? /^p(\d+)\.(\d+)$/.exec(key) : ["", "0", "0"];
  if (!match) return fail(422, "WRONG_CONTINUATION_KEY", "Wrong continuation key provided");
  const pageNo = Number(match[1]);
  const failed = fault(session, uid, pageNo, key);
  if (failed) return failed;
  const entries = entriesOf(account.template, session.user, today).filter(
    (e) => !dateFrom || sortDateOf(e) >= dateFrom,
  );
  const { rows, next } = pageOf(entries, Number(match[2]));
  return json(200, {
    transactions: rows.map((e) => transaction(e, today)),
    ...(next !== null ? { continuation_key: `p${pageNo + 1}.${next}` } : {}),
  });
}

/** For tests and the demo: what the fake bank holds for an account now. */
export function accountTotals(uid: string) {
  const found = accountByUid(uid);
  if (!found) return null;
  // The id an entry is known by through Enable Banking: its entry_reference (transaction_id changes).
  return totalsOf(found.account.template, found.session.user, fakeToday(), (e) => e.entryReference ?? e.transactionId);
}

export { addDays };
