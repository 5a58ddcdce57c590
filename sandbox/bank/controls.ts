// Controls for tests and demos (not XS2A): force consent states, move the sandbox clock, read the
// bank's own totals for an account, hold an account's transaction reports, list the test users, and
// the bank directory.
import { z } from "zod";
import { holdControl } from "@/sandbox/shared/hold";
import { accountByResourceId } from "@/sandbox/bank/data/accounts";
import { BANKS, COUNTRIES, bankBaseUrl } from "@/sandbox/bank/data/banks";
import { isDateOnly } from "@/sandbox/bank/data/dates";
import { formatCents } from "@/sandbox/bank/data/money";
import { totalsAsOf } from "@/sandbox/bank/data/totals";
import { testUsers } from "@/sandbox/bank/data/users";
import { advanceClock, resetClock, type ClockNow } from "@/sandbox/bank/store/clock";
import { findConsent, transition, type ConsentStatus } from "@/sandbox/bank/store/consents";
import { settle } from "@/sandbox/bank/xs2a/consent-guard";
import { formatError, json, Xs2aError, type BankContext } from "@/sandbox/bank/xs2a/http";
import { SANDBOX_BANK_PREFIX } from "@/sandbox/shared/prefixes";

export function directory(ctx: BankContext): Response {
  const country = ctx.url.searchParams.get("country")?.toUpperCase() ?? null;
  const banks = BANKS.filter((b) => country === null || b.countryCode === country).map((b) => ({
    bankId: b.bankId,
    name: b.name,
    bic: b.bic,
    countryCode: b.countryCode,
    // Absolute: the product reads this directory from another origin than the bank's.
    baseUrl: `${ctx.settings.publicUrl}${bankBaseUrl(b.bankId)}`,
    logoUrl: `${ctx.settings.publicUrl}${SANDBOX_BANK_PREFIX}/logos/${b.bankId}.svg`,
  }));
  return json({ banks, countries: COUNTRIES });
}

async function forceStatus(ctx: BankContext, status: ConsentStatus): Promise<Response> {
  const found = await findConsent(ctx.params.consentId);
  if (!found) throw new Xs2aError(404, "CONSENT_UNKNOWN", "No such consent at the sandbox bank.");
  const current = await settle(found, ctx);
  const after = (await transition(current.id, status, ["received", "valid"])) ?? current;
  return json({ consentId: after.id, consentStatus: after.status });
}

export const expireConsent = (ctx: BankContext) => forceStatus(ctx, "expired");
export const revokeConsent = (ctx: BankContext) => forceStatus(ctx, "revokedByPsu");

const clockView = (c: ClockNow) => ({ today: c.today, offsetDays: c.offsetDays });

export function getClock(ctx: BankContext): Response {
  return json(clockView(ctx.clock));
}

const AdvanceBody = z.object({ advanceDays: z.number().int().min(0).max(3650) });

export async function postClock(ctx: BankContext): Promise<Response> {
  let raw: unknown;
  try {
    raw = JSON.parse(await ctx.request.text());
  } catch {
    throw formatError('The body must be JSON like {"advanceDays": 1}.');
  }
  const parsed = AdvanceBody.safeParse(raw);
  if (!parsed.success)
    throw formatError(
      "advanceDays must be a whole number from 0 to 3650 (the clock only moves forward; use /clock/reset).",
    );
  const clock = await advanceClock(parsed.data.advanceDays);
  return json(clockView(clock), 200, { date: new Date(clock.sandboxNowMs).toUTCString() });
}

export async function postClockReset(): Promise<Response> {
  const clock = await resetClock();
  return json(clockView(clock), 200, { date: new Date(clock.sandboxNowMs).toUTCString() });
}

function knownAccount(ctx: BankContext) {
  const account = accountByResourceId(ctx.params.resourceId);
  if (!account) throw new Xs2aError(404, "RESOURCE_UNKNOWN", "No such account at the sandbox bank.");
  return account;
}

export function accountTotals(ctx: BankContext): Response {
  const account = knownAccount(ctx);
  const asOf = ctx.url.searchParams.get("asOf") ?? ctx.clock.today;
  if (!isDateOnly(asOf)) throw formatError("asOf must be a date YYYY-MM-DD.");
  const totals = totalsAsOf(account, ctx.clock, asOf);
  return json({
    booked: { count: totals.booked.count, sum: formatCents(totals.booked.cents) },
    pending: { count: totals.pending.count, sum: formatCents(totals.pending.cents) },
    currency: account.currency,
    asOf,
  });
}

export function users(): Response {
  return json({ users: testUsers() });
}

/** Holds the account's transaction reports until released (or for 20 s at most). */
export const holdTransactions = (ctx: BankContext) =>
  json(holdControl("sandbox", knownAccount(ctx).resourceId, "hold"));

/** Releases a hold; `released` counts the reports that were waiting. */
export const releaseTransactions = (ctx: BankContext) =>
  json(holdControl("sandbox", knownAccount(ctx).resourceId, "release"));
