// The fake's token, institution, agreement and requisition operations (swagger.json, API v2).
import { randomBytes, randomUUID } from "node:crypto";
import { FAKE_INSTITUTIONS, type FakeInstitution } from "@/sandbox/gocardless/data";
import { gcFail, gcJson, notFound, type GcFakeContext } from "@/sandbox/gocardless/respond";
import {
  gcNow,
  gcStore,
  requisitionStatus,
  type FakeAgreement,
  type FakeRequisition,
} from "@/sandbox/gocardless/state";

const ACCESS_SECONDS = 86_400;
const REFRESH_SECONDS = 30 * 86_400;
const SCOPES = ["balances", "details", "transactions"];

const invalid = (detail: string) => gcFail(400, "Invalid request", detail);

function issue(kind: "access" | "refresh", seconds: number): string {
  const token = randomBytes(24).toString("base64url");
  gcStore().tokens.set(token, { kind, until: Date.now() + seconds * 1000 });
  return token;
}

export function newToken(
  body: Record<string, unknown>,
  secrets: { secretId: string; secretKey: string } | null,
): Response {
  if (!secrets || body.secret_id !== secrets.secretId || body.secret_key !== secrets.secretKey)
    return gcFail(401, "Authentication failed", "No active account found with the given credentials");
  return gcJson(200, {
    access: issue("access", ACCESS_SECONDS),
    access_expires: ACCESS_SECONDS,
    refresh: issue("refresh", REFRESH_SECONDS),
    refresh_expires: REFRESH_SECONDS,
  });
}

export function refreshToken(body: Record<string, unknown>): Response {
  const known = typeof body.refresh === "string" ? gcStore().tokens.get(body.refresh) : undefined;
  if (!known || known.kind !== "refresh" || known.until <= Date.now())
    return gcFail(401, "Invalid token", "Token is invalid or expired");
  return gcJson(200, { access: issue("access", ACCESS_SECONDS), access_expires: ACCESS_SECONDS });
}

/** Whether the request carries a live access token. */
export function authorized(request: Request): boolean {
  const token = /^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1];
  const known = token ? gcStore().tokens.get(token) : undefined;
  return !!known && known.kind === "access" && known.until > Date.now();
}

const institutionView = (i: FakeInstitution, ctx: GcFakeContext) => ({
  id: i.id,
  name: i.name,
  bic: i.bic,
  transaction_total_days: String(i.transactionTotalDays),
  max_access_valid_for_days: "180",
  countries: i.countries,
  logo: `${ctx.origin}${ctx.prefix}/logos/${i.id}.svg`,
});

export function institutions(url: URL, ctx: GcFakeContext): Response {
  const country = url.searchParams.get("country")?.toUpperCase();
  if (country !== undefined && !/^[A-Z]{2}$/.test(country)) return invalid(`'${country}' is not a valid country code`);
  const list = FAKE_INSTITUTIONS.filter((i) => !country || i.countries.includes(country));
  return gcJson(
    200,
    list.map((i) => institutionView(i, ctx)),
  );
}

const agreementView = (a: FakeAgreement) => ({
  id: a.id,
  created: a.created,
  institution_id: a.institution.id,
  max_historical_days: a.maxHistoricalDays,
  access_valid_for_days: a.accessValidForDays,
  access_scope: a.accessScope,
  accepted: a.accepted,
});

const whole = (value: unknown, fallback: number) => (value === undefined ? fallback : Number(value));

export function createAgreement(body: Record<string, unknown>): Response {
  const institution = FAKE_INSTITUTIONS.find((i) => i.id === body.institution_id);
  if (!institution) return invalid(`Unknown Institution ID ${String(body.institution_id)}`);
  const history = whole(body.max_historical_days, 90);
  const days = whole(body.access_valid_for_days, 90);
  if (!Number.isInteger(history) || history < 1 || history > institution.transactionTotalDays)
    return invalid(`max_historical_days must be > 0 and <= ${institution.transactionTotalDays}`);
  if (!Number.isInteger(days) || days < 1 || days > 180) return invalid("access_valid_for_days must be > 0 and <= 180");
  const scope = body.access_scope === undefined ? SCOPES : body.access_scope;
  if (!Array.isArray(scope) || scope.length === 0 || scope.some((s) => !SCOPES.includes(String(s))))
    return invalid(`Choose one or several from ${JSON.stringify(SCOPES)}`);
  const agreement: FakeAgreement = {
    id: randomUUID(),
    created: gcNow().toISOString(),
    institution,
    maxHistoricalDays: history,
    accessValidForDays: days,
    accessScope: scope.map(String),
    accepted: null,
  };
  gcStore().agreements.set(agreement.id, agreement);
  return gcJson(201, agreementView(agreement));
}

export function getAgreement(id: string): Response {
  const agreement = gcStore().agreements.get(id);
  return agreement ? gcJson(200, agreementView(agreement)) : notFound();
}

function requisitionView(r: FakeRequisition, ctx: GcFakeContext) {
  return {
    id: r.id,
    created: r.created,
    redirect: r.redirect,
    status: requisitionStatus(r),
    institution_id: r.institution.id,
    agreement: r.agreement.id,
    reference: r.reference,
    accounts: r.accountIds,
    link: `${ctx.origin}${ctx.prefix}/bank/${r.id}`,
    account_selection: false,
    redirect_immediate: false,
  };
}

export function createRequisition(body: Record<string, unknown>, ctx: GcFakeContext): Response {
  const institution = FAKE_INSTITUTIONS.find((i) => i.id === body.institution_id);
  if (!institution) return invalid(`Unknown Institution ID ${String(body.institution_id)}`);
  if (typeof body.redirect !== "string" || !URL.canParse(body.redirect)) return invalid("Invalid redirect URI");
  const agreement = gcStore().agreements.get(String(body.agreement));
  if (!agreement) return notFound();
  if (agreement.institution.id !== institution.id)
    return invalid(`Provided Institution ID does not match EUA institution ID '${agreement.institution.id}'`);
  const reference = typeof body.reference === "string" ? body.reference : randomUUID();
  if ([...gcStore().requisitions.values()].some((r) => r.reference === reference))
    return invalid(`Client reference: ${reference} already exists`);
  const requisition: FakeRequisition = {
    id: randomUUID(),
    created: gcNow().toISOString(),
    redirect: body.redirect,
    reference,
    institution,
    agreement,
    status: "CR",
    user: null,
    accountIds: [],
    deleted: false,
  };
  gcStore().requisitions.set(requisition.id, requisition);
  return gcJson(201, requisitionView(requisition, ctx));
}

export function getRequisition(id: string, ctx: GcFakeContext): Response {
  const r = gcStore().requisitions.get(id);
  return r && !r.deleted ? gcJson(200, requisitionView(r, ctx)) : notFound();
}

/** Deletes the requisition and its agreement; its accounts can no longer be read. */
export function deleteRequisition(id: string): Response {
  const r = gcStore().requisitions.get(id);
  if (!r || r.deleted) return notFound();
  r.deleted = true;
  gcStore().agreements.delete(r.agreement.id);
  return gcJson(200, {
    summary: "Requisition deleted",
    detail: `Requisition ${id} deleted with all its End User Agreements`,
  });
}
