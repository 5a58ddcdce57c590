// The fake's hosted "bank" page: the person picks who they are (a scenario), then which accounts to
// share, and approves or cancels. The bank then redirects to the application's redirect_url with
// `code` and `state`, or `error` and `state`, as Enable Banking does.
import { randomBytes } from "node:crypto";
import { FAKE_USERS, accountsOf, type FakeUser } from "@/lib/enablebanking-fake/data";
import { store } from "@/lib/enablebanking-fake/state";
import { escapeHtml, fakeBankPage } from "@/lib/fake-bank/web";
import type { FakeContext } from "@/lib/enablebanking-fake/api";

const escape = escapeHtml;
const html = (status: number, title: string, body: string) => fakeBankPage("Enable Banking", status, title, body);

const isUser = (value: string | null): value is FakeUser => FAKE_USERS.some((u) => u.user === value);

export function bankPage(authorizationId: string, url: URL, ctx: FakeContext): Response {
  const auth = store().authorizations.get(authorizationId);
  if (!auth) return html(404, "Unknown authorization", "<h1>This authorization is unknown or has expired.</h1>");
  const heading = `<h1>${escape(auth.aspsp.name)}</h1><p>${escape(auth.psuType === "business" ? "Business" : "Personal")} online banking · ${escape(auth.aspsp.country)}</p>`;
  const user = url.searchParams.get("user");
  if (!isUser(user)) {
    const options = FAKE_USERS.map(
      (u, i) =>
        `<label><input type="radio" name="user" value="${u.user}"${i === 0 ? " checked" : ""}> ${u.user} <small>— ${escape(u.about)}</small></label>`,
    ).join("");
    return html(
      200,
      `Sign in · ${auth.aspsp.name}`,
      `${heading}<form method="get"><fieldset><legend>Sign in as</legend>${options}</fieldset><button type="submit">Continue</button></form>`,
    );
  }
  const accounts = accountsOf(auth.aspsp, user, auth.psuType)
    .map(
      (a, i) =>
        `<label><input type="checkbox" name="account" value="${i}" checked> ${escape(a.name)} <small>${escape(a.iban)} · ${a.currency}</small></label>`,
    )
    .join("");
  const action = `${ctx.prefix}/bank/${encodeURIComponent(authorizationId)}/decision`;
  return html(
    200,
    `Share accounts · ${auth.aspsp.name}`,
    `${heading}<p>Signed in as <strong>${escape(user)}</strong>. Choose the accounts the application may read until ${escape(auth.validUntil.slice(0, 10))}.</p>
<form method="post" action="${escape(action)}"><input type="hidden" name="user" value="${escape(user)}"><fieldset><legend>Accounts to share</legend>${accounts}</fieldset>
<button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="cancel">Cancel</button></form>`,
  );
}

/** Approve (with the chosen accounts) or cancel: 303 back to the application's redirect_url. */
export function bankDecision(authorizationId: string, form: URLSearchParams): Response {
  const auth = store().authorizations.get(authorizationId);
  if (!auth) return html(404, "Unknown authorization", "<h1>This authorization is unknown or has expired.</h1>");
  const user = form.get("user");
  const back = new URL(auth.redirectUrl);
  const indexes = form
    .getAll("account")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n >= 0);
  if (form.get("decision") === "approve" && isUser(user) && indexes.length > 0) {
    const code = randomBytes(24).toString("base64url");
    store().codes.set(code, { authorizationId, user, accountIndexes: indexes });
    back.searchParams.set("code", code);
  } else {
    back.searchParams.set("error", "access_denied");
    back.searchParams.set(
      "error_description",
      indexes.length === 0 ? "No accounts were chosen" : "The user cancelled the authorization",
    );
  }
  back.searchParams.set("state", auth.state);
  return new Response(null, { status: 303, headers: { location: back.toString(), "cache-control": "no-store" } });
}
