// The bank's redirect flow behind the authorize page: the login form post and the Approve / Deny /
// Cancel form post. Both answer 303: back to the page, or to the TPP's redirect URI exactly as given.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { addDays } from "@/sandbox/bank/data/dates";
import { bankById } from "@/sandbox/bank/data/banks";
import { resolveUser } from "@/sandbox/bank/data/users";
import { recordApproval, recordLogin, transition, type Consent } from "@/sandbox/bank/store/consents";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { accessForChosen, consentAtBank, isBankOffered } from "@/sandbox/bank/xs2a/consent-guard";
import type { BankContext } from "@/sandbox/bank/xs2a/http";

const LOGIN_COOKIE_PREFIX = "sbx_auth_";
const LOGIN_TTL_SECONDS = 1800;
/** The `expiring` user's consents end this many days after the sandbox today. */
export const EXPIRING_DAYS = 2;

type LoginError = "invalid_user" | "password_required" | "login_required" | "choose_account";
/** The review form's account checkboxes, and the field that says the list was shown. */
export const ACCOUNT_FIELD = "account";
export const ACCOUNT_LIST_SHOWN = "accountChoice";

export function loginCookieName(consentId: string): string {
  return `${LOGIN_COOKIE_PREFIX}${consentId.replace(/[^A-Za-z0-9-]/g, "")}`;
}

export function isPending(consent: Consent): boolean {
  return consent.status === "received" && consent.approvedAt === null;
}

/** True when the browser's login cookie is the one issued for this consent. */
export function isLoggedIn(consent: Consent, cookieValue: string | undefined): boolean {
  if (!consent.loginToken || !consent.psuId || !cookieValue) return false;
  const a = Buffer.from(consent.loginToken);
  const b = Buffer.from(cookieValue);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The login cookie lives on the bank's own origin (its login and Approve are posts to itself, so Lax
 * is enough), and is Secure when the bank is served over https.
 */
function cookieAttributes(ctx: BankContext): string {
  const secure = ctx.settings.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `Path=/sandbox-bank; HttpOnly; SameSite=Lax${secure}`;
}

export function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

function seeOther(location: string, setCookie?: string): Response {
  const headers = new Headers({ location });
  if (setCookie) headers.append("set-cookie", setCookie);
  return new Response(null, { status: 303, headers });
}

function pageUrl(
  ctx: BankContext,
  consentId: string,
  error?: LoginError | "user_message",
  extra: Record<string, string> = {},
): string {
  const q = new URLSearchParams({ consentId, ...(error ? { error } : {}), ...extra });
  return `${ctx.settings.publicUrl}/sandbox-bank/${ctx.params.bankId}/authorize?${q}`;
}

export async function formOf(ctx: BankContext): Promise<{ fields: Record<string, string>; accounts: string[] }> {
  const out: Record<string, string> = {};
  const accounts: string[] = [];
  const form = await ctx.request.formData().catch(() => null);
  form?.forEach((v, k) => {
    if (typeof v !== "string") return;
    if (k === ACCOUNT_FIELD) accounts.push(v);
    else out[k] = v;
  });
  return { fields: out, accounts };
}

export async function postLogin(ctx: BankContext): Promise<Response> {
  const { fields: form } = await formOf(ctx);
  const consentId = form.consentId ?? "";
  const bank = bankById(ctx.params.bankId);
  const consent = bank ? await consentAtBank(consentId, bank.bankId, ctx) : null;
  if (!consent || !isPending(consent)) return seeOther(pageUrl(ctx, consentId));
  const user = resolveUser(form.userId ?? "");
  if (!user.ok) return seeOther(pageUrl(ctx, consentId, "user_message", { message: user.message }));
  if (!form.password) return seeOther(pageUrl(ctx, consentId, "password_required"));
  const token = randomBytes(24).toString("base64url");
  await recordLogin(consent.id, user.profile.userId, token);
  const cookie = `${loginCookieName(consent.id)}=${token}; ${cookieAttributes(ctx)}; Max-Age=${LOGIN_TTL_SECONDS}`;
  return seeOther(pageUrl(ctx, consent.id), cookie);
}

export async function postDecision(ctx: BankContext): Promise<Response> {
  const { fields: form, accounts: chosenIds } = await formOf(ctx);
  const consentId = form.consentId ?? "";
  const bank = bankById(ctx.params.bankId);
  const consent = bank ? await consentAtBank(consentId, bank.bankId, ctx) : null;
  if (!consent || !isPending(consent)) return seeOther(pageUrl(ctx, consentId));
  const clearCookie = `${loginCookieName(consent.id)}=; ${cookieAttributes(ctx)}; Max-Age=0`;
  const nok = consent.tppNokRedirectUri ?? consent.tppRedirectUri;
  if (form.decision !== "approve") {
    await transition(consent.id, "rejected", ["received"]);
    return seeOther(nok, clearCookie);
  }
  if (!isLoggedIn(consent, cookieOf(ctx.request, loginCookieName(consent.id))))
    return seeOther(pageUrl(ctx, consent.id, "login_required"));
  const user = resolveUser(consent.psuId ?? "");
  if (!user.ok || user.profile.behaviour === "deny") {
    // The bank itself declines (sandbox user `deny`), whatever the person pressed.
    await transition(consent.id, "rejected", ["received"]);
    return seeOther(nok, clearCookie);
  }
  // A bank-offered consent covers the accounts the PSU ticked. The page ticks them all; a form
  // without the list (a script posting Approve alone) shares them all, as the page would.
  let access = consent.access;
  if (isBankOffered(consent.access) && bank) {
    const held = accountsFor(bank, user.profile);
    const listShown = form[ACCOUNT_LIST_SHOWN] === "1";
    const chosen = listShown ? held.filter((a) => chosenIds.includes(a.resourceId)) : held;
    if (chosen.length === 0) return seeOther(pageUrl(ctx, consent.id, "choose_account"));
    access = accessForChosen(consent.access, chosen);
  }
  const behaviour = user.profile.behaviour;
  const expiringUntil = addDays(ctx.clock.today, EXPIRING_DAYS);
  const validUntil =
    behaviour === "expiring" && consent.validUntil > expiringUntil ? expiringUntil : consent.validUntil;
  await recordApproval(consent.id, behaviour === "slow" ? "received" : "valid", validUntil, access);
  return seeOther(consent.tppRedirectUri, clearCookie);
}
