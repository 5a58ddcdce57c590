// The fake's hosted consent page (a requisition's `link`, sandbox/shared/hosted-page.ts): the person
// picks who they are (a scenario), then which accounts to share, and approves or cancels. GoCardless
// then sends them to the requisition's redirect with `ref` (the requisition's reference), plus
// `error` and `details` when access was not granted.
import { randomUUID } from "node:crypto";
import { decisionOf, hostedBankPage, redirectBack } from "@/sandbox/shared/hosted-page";
import { escapeHtml as escape, fakeBankPage } from "@/sandbox/shared/web";
import { FAKE_GC_USERS, gcAccountsOf } from "@/sandbox/gocardless/data";
import type { GcFakeContext } from "@/sandbox/gocardless/respond";
import { addDays } from "@/lib/dates/days";
import { gcNow, gcStore, gcToday, type FakeRequisition } from "@/sandbox/gocardless/state";

const BRAND = "GoCardless";
const unknown = () => fakeBankPage(BRAND, 404, "Unknown link", "<h1>This link is unknown or was already used.</h1>");

const open = (id: string): FakeRequisition | null => {
  const r = gcStore().requisitions.get(id);
  return r && !r.deleted && r.status === "CR" ? r : null;
};

export function consentPage(requisitionId: string, url: URL, ctx: GcFakeContext): Response {
  const r = open(requisitionId);
  if (!r) return unknown();
  const { accessScope, maxHistoricalDays, accessValidForDays } = r.agreement;
  return hostedBankPage({
    brand: BRAND,
    bankName: r.institution.name,
    heading: `<h1>${escape(r.institution.name)}</h1><p>Connect your account through GoCardless · ${escape(r.institution.countries.join(", "))}</p>`,
    users: FAKE_GC_USERS,
    user: url.searchParams.get("user"),
    accountsOf: (user) => gcAccountsOf(r.institution, user),
    access: `(${accessScope.join(", ")}, ${maxHistoricalDays} days of history) until ${addDays(gcToday(), accessValidForDays)}`,
    action: `${ctx.prefix}/bank/${encodeURIComponent(requisitionId)}/decision`,
  });
}

/** Approve (linking the chosen accounts, accepting the agreement) or cancel: 303 to the redirect. */
export function consentDecision(requisitionId: string, form: URLSearchParams): Response {
  const r = open(requisitionId);
  if (!r) return unknown();
  const back = new URL(r.redirect);
  back.searchParams.set("ref", r.reference);
  const decision = decisionOf(form, FAKE_GC_USERS);
  if (decision.approved) {
    const { user } = decision;
    const templates = gcAccountsOf(r.institution, user);
    r.user = user;
    r.status = "LN";
    r.agreement.accepted = gcNow().toISOString();
    // Account ids belong to the requisition, as at GoCardless: a renewal links new ids.
    r.accountIds = decision.accountIndexes
      .filter((i) => templates[i])
      .map((i) => {
        const id = randomUUID();
        gcStore().accounts.set(id, { id, requisitionId, template: templates[i], user });
        return id;
      });
  } else {
    r.status = "RJ";
    back.searchParams.set("error", "UserCancelledSession");
    back.searchParams.set("details", decision.noneChosen ? "No accounts were chosen" : "User cancelled the session");
  }
  return redirectBack(back);
}
