// The fake's hosted "bank" page (sandbox/shared/hosted-page.ts): the person picks who they are (a
// scenario), then which accounts to share, and approves or cancels. The bank then redirects to the
// application's redirect_url with `code` and `state`, or `error` and `state`, as Enable Banking does.
import { randomBytes } from "node:crypto";
import { FAKE_USERS, accountsOf } from "@/sandbox/enablebanking/data";
import { store } from "@/sandbox/enablebanking/state";
import { decisionOf, hostedBankPage, redirectBack } from "@/sandbox/shared/hosted-page";
import { escapeHtml as escape, fakeBankPage } from "@/sandbox/shared/web";
import type { FakeContext } from "@/sandbox/enablebanking/api";

const BRAND = "Enable Banking";
const unknown = () =>
  fakeBankPage(BRAND, 404, "Unknown authorization", "<h1>This authorization is unknown or has expired.</h1>");

export function bankPage(authorizationId: string, url: URL, ctx: FakeContext): Response {
  const auth = store().authorizations.get(authorizationId);
  if (!auth) return unknown();
  return hostedBankPage({
    brand: BRAND,
    bankName: auth.aspsp.name,
    heading: `<h1>${escape(auth.aspsp.name)}</h1><p>${escape(auth.psuType === "business" ? "Business" : "Personal")} online banking · ${escape(auth.aspsp.country)}</p>`,
    users: FAKE_USERS,
    user: url.searchParams.get("user"),
    accountsOf: (user) => accountsOf(auth.aspsp, user, auth.psuType),
    access: `until ${auth.validUntil.slice(0, 10)}`,
    action: `${ctx.prefix}/bank/${encodeURIComponent(authorizationId)}/decision`,
  });
}

/** Approve (with the chosen accounts) or cancel: 303 back to the application's redirect_url. */
export function bankDecision(authorizationId: string, form: URLSearchParams): Response {
  const auth = store().authorizations.get(authorizationId);
  if (!auth) return unknown();
  const back = new URL(auth.redirectUrl);
  const decision = decisionOf(form, FAKE_USERS);
  if (decision.approved) {
    const code = randomBytes(24).toString("base64url");
    store().codes.set(code, { authorizationId, user: decision.user, accountIndexes: decision.accountIndexes });
    back.searchParams.set("code", code);
  } else {
    back.searchParams.set("error", "access_denied");
    back.searchParams.set(
      "error_description",
      decision.noneChosen ? "No accounts were chosen" : "The user cancelled the authorization",
    );
  }
  back.searchParams.set("state", auth.state);
  return redirectBack(back);
}
