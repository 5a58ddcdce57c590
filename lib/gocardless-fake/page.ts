// The fake's hosted consent page (a requisition's `link`): the person picks who they are (a
// scenario), then which accounts to share, and approves or cancels. GoCardless then sends them to
// the requisition's redirect with `ref` (the requisition's reference), plus `error` and `details`
// when access was not granted.
import { randomUUID } from "node:crypto";
import { escapeHtml as escape, fakeBankPage } from "@/lib/fake-bank/web";
import { FAKE_GC_USERS, gcAccountsOf, isGcUser } from "@/lib/gocardless-fake/data";
import type { GcFakeContext } from "@/lib/gocardless-fake/respond";
import { addDays } from "@/lib/dates/days";
import { gcNow, gcStore, gcToday, type FakeRequisition } from "@/lib/gocardless-fake/state";

const html = (status: number, title: string, body: string) => fakeBankPage("GoCardless", status, title, body);
const unknown = () => html(404, "Unknown link", "<h1>This link is unknown or was already used.</h1>");

const open = (id: string): FakeRequisition | null => {
  const r = gcStore().requisitions.get(id);
  return r && !r.deleted && r.status === "CR" ? r : null;
};

export function consentPage(requisitionId: string, url: URL, ctx: GcFakeContext): Response {
  const r = open(requisitionId);
  if (!r) return unknown();
  const heading = `<h1>${escape(r.institution.name)}</h1><p>Connect your account through GoCardless · ${escape(r.institution.countries.join(", "))}</p>`;
  const user = url.searchParams.get("user");
  if (!isGcUser(user)) {
    const options = FAKE_GC_USERS.map(
      (u, i) =>
        `<label><input type="radio" name="user" value="${u.user}"${i === 0 ? " checked" : ""}> ${u.user} <small>— ${escape(u.about)}</small></label>`,
    ).join("");
    return html(
      200,
      `Sign in · ${r.institution.name}`,
      `${heading}<form method="get"><fieldset><legend>Sign in as</legend>${options}</fieldset><button type="submit">Continue</button></form>`,
    );
  }
  const accounts = gcAccountsOf(r.institution, user)
    .map(
      (a, i) =>
        `<label><input type="checkbox" name="account" value="${i}" checked> ${escape(a.name)} <small>${escape(a.iban)} · ${a.currency}</small></label>`,
    )
    .join("");
  const until = addDays(gcToday(), r.agreement.accessValidForDays);
  const action = `${ctx.prefix}/bank/${encodeURIComponent(requisitionId)}/decision`;
  return html(
    200,
    `Share accounts · ${r.institution.name}`,
    `${heading}<p>Signed in as <strong>${escape(user)}</strong>. Choose the accounts the application may read (${escape(r.agreement.accessScope.join(", "))}, ${r.agreement.maxHistoricalDays} days of history) until ${escape(until)}.</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="user" value="${escape(user)}"><fieldset><legend>Accounts to share</legend>${accounts}</fieldset>
<button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="cancel">Cancel</button></form>`,
  );
}

/** Approve (linking the chosen accounts, accepting the agreement) or cancel: 303 to the redirect. */
export function consentDecision(requisitionId: string, form: URLSearchParams): Response {
  const r = open(requisitionId);
  if (!r) return unknown();
  const user = form.get("user");
  const back = new URL(r.redirect);
  back.searchParams.set("ref", r.reference);
  const indexes = [...new Set(form.getAll("account").map(Number))].filter((n) => Number.isInteger(n) && n >= 0);
  if (form.get("decision") === "approve" && isGcUser(user) && indexes.length > 0) {
    const templates = gcAccountsOf(r.institution, user);
    r.user = user;
    r.status = "LN";
    r.agreement.accepted = gcNow().toISOString();
    // Account ids belong to the requisition, as at GoCardless: a renewal links new ids.
    r.accountIds = indexes
      .filter((i) => templates[i])
      .map((i) => {
        const id = randomUUID();
        gcStore().accounts.set(id, { id, requisitionId, template: templates[i], user });
        return id;
      });
  } else {
    r.status = "RJ";
    back.searchParams.set("error", "UserCancelledSession");
    back.searchParams.set("details", indexes.length === 0 ? "No accounts were chosen" : "User cancelled the session");
  }
  return new Response(null, { status: 303, headers: { location: back.toString(), "cache-control": "no-store" } });
}
