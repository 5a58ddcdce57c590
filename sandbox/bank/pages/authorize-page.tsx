// GET /sandbox-bank/{bankId}/authorize?consentId=… — the bank's SCA redirect target (a browser).
// Shows the login form, then the consent review (Approve / Deny), or the request's final state.
// Rendered to static HTML on the bank's own origin (no scripts); its forms post back to the bank.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BankFrame, Panel } from "@/sandbox/bank/pages/bank-frame";
import { ConsentReview } from "@/sandbox/bank/pages/consent-review";
import { LoginForm } from "@/sandbox/bank/pages/login-form";
import { BANK_CSS } from "@/sandbox/bank/pages/styles";
import { cookieOf, EXPIRING_DAYS, isLoggedIn, isPending, loginCookieName } from "@/sandbox/bank/authorize";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { addDays } from "@/sandbox/bank/data/dates";
import { resolveUser } from "@/sandbox/bank/data/users";
import type { Consent } from "@/sandbox/bank/store/consents";
import { consentAtBank, covers } from "@/sandbox/bank/xs2a/consent-guard";
import type { BankContext } from "@/sandbox/bank/xs2a/http";
import { escapeHtml } from "@/sandbox/shared/web";

const ERRORS: Record<string, string> = {
  password_required: "Enter a password (any password works in the sandbox).",
  login_required: "Your session ended. Log in again to approve.",
  choose_account: "Choose at least one account to share, or press Deny.",
};

// A page of its own: no scripts at all, styles inline. No form-action: Approve's post is answered
// with a redirect to the requesting service, another origin, which form-action would block.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";

export function htmlPage(status: number, title: string, body: ReactElement): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${BANK_CSS}</style></head><body>${renderToStaticMarkup(body)}</body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": PAGE_CSP,
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    },
  });
}

function FinalState({ consent }: { consent: Consent }) {
  const approvedSlow = consent.status === "received" && consent.approvedAt !== null;
  const text = approvedSlow
    ? "You approved this request. The bank is still processing it."
    : consent.status === "valid"
      ? "You approved this request."
      : consent.status === "rejected"
        ? "This request was declined."
        : `This request is no longer pending (status: ${consent.status}).`;
  const back =
    consent.status === "rejected" ? (consent.tppNokRedirectUri ?? consent.tppRedirectUri) : consent.tppRedirectUri;
  return (
    <Panel title="Access request">
      <p role="status">{text}</p>
      <a href={back}>Return to the requesting service</a>
    </Panel>
  );
}

export async function authorizePage(ctx: BankContext): Promise<Response> {
  const bank = bankById(ctx.params.bankId);
  if (!bank) {
    return htmlPage(
      404,
      "Unknown bank",
      <main className="content">
        <section className="panel">
          <h1>Unknown bank</h1>
          <p>There is no bank {ctx.params.bankId} at this sandbox.</p>
        </section>
      </main>,
    );
  }
  const title = `${bank.name} · Sandbox`;
  const query = ctx.url.searchParams;
  const consentId = query.get("consentId") ?? "";
  const consent = consentId ? await consentAtBank(consentId, bank.bankId, ctx) : null;
  if (!consent) {
    return htmlPage(
      200,
      title,
      <BankFrame bank={bank}>
        <Panel title="Unknown request">
          <p>This authorisation link is not valid at {bank.name}. Start again from the service that sent you here.</p>
        </Panel>
      </BankFrame>,
    );
  }
  if (!isPending(consent)) {
    return htmlPage(
      200,
      title,
      <BankFrame bank={bank}>
        <FinalState consent={consent} />
      </BankFrame>,
    );
  }
  const error = query.get("error");
  const errorText = error === "user_message" ? query.get("message") : error ? (ERRORS[error] ?? null) : null;
  const cookieValue = cookieOf(ctx.request, loginCookieName(consent.id));
  const user = consent.psuId ? resolveUser(consent.psuId) : null;
  if (!isLoggedIn(consent, cookieValue) || !user?.ok) {
    return htmlPage(
      200,
      title,
      <BankFrame bank={bank}>
        <LoginForm bank={bank} consentId={consent.id} error={errorText} />
      </BankFrame>,
    );
  }
  const accounts = accountsFor(bank, user.profile).filter((a) => covers(consent, a, "accounts"));
  const expiringUntil = addDays(ctx.clock.today, EXPIRING_DAYS);
  const validUntil =
    user.profile.behaviour === "expiring" && consent.validUntil > expiringUntil ? expiringUntil : consent.validUntil;
  return htmlPage(
    200,
    title,
    <BankFrame bank={bank}>
      <ConsentReview
        bank={bank}
        consent={consent}
        profile={user.profile}
        accounts={accounts}
        validUntil={validUntil}
        error={errorText}
      />
    </BankFrame>,
  );
}
