// GET /sandbox-bank/{bankId}/authorize?consentId=… — the bank's SCA redirect target (a browser).
// Shows the login form, then the consent review (Approve / Deny), or the request's final state.
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { BankFrame, Panel } from "@/sandbox/bank/pages/bank-frame";
import { ConsentReview } from "@/sandbox/bank/pages/consent-review";
import { LoginForm } from "@/sandbox/bank/pages/login-form";
import { EXPIRING_DAYS, isLoggedIn, isPending, loginCookieName } from "@/sandbox/bank/authorize";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { addDays } from "@/sandbox/bank/data/dates";
import { resolveUser } from "@/sandbox/bank/data/users";
import { readClock } from "@/sandbox/bank/store/clock";
import type { Consent } from "@/sandbox/bank/store/consents";
import { consentAtBank, covers } from "@/sandbox/bank/xs2a/consent-guard";
import { isSandboxEnabled } from "@/sandbox/bank/xs2a/http";

export const dynamic = "force-dynamic";

type Props = {
  params: Promise<{ bankId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const ERRORS: Record<string, string> = {
  password_required: "Enter a password (any password works in the sandbox).",
  login_required: "Your session ended. Log in again to approve.",
  choose_account: "Choose at least one account to share, or press Deny.",
};

function one(v: string | string[] | undefined): string | null {
  return typeof v === "string" ? v : null;
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
      <p role="status" className="mb-4">
        {text}
      </p>
      <a href={back} className="underline">
        Return to the requesting service
      </a>
    </Panel>
  );
}

export default async function AuthorizePage({ params, searchParams }: Props) {
  if (!isSandboxEnabled()) notFound();
  const { bankId } = await params;
  const bank = bankById(bankId);
  if (!bank) notFound();
  const query = await searchParams;
  const consentId = one(query.consentId) ?? "";
  const clock = await readClock();
  const consent = consentId ? await consentAtBank(consentId, bank.bankId, clock) : null;
  if (!consent) {
    return (
      <BankFrame bank={bank}>
        <Panel title="Unknown request">
          <p>This authorisation link is not valid at {bank.name}. Start again from the service that sent you here.</p>
        </Panel>
      </BankFrame>
    );
  }
  if (!isPending(consent)) {
    return (
      <BankFrame bank={bank}>
        <FinalState consent={consent} />
      </BankFrame>
    );
  }
  const error = one(query.error);
  const errorText = error === "user_message" ? one(query.message) : error ? (ERRORS[error] ?? null) : null;
  const cookieValue = (await cookies()).get(loginCookieName(consent.id))?.value;
  const user = consent.psuId ? resolveUser(consent.psuId) : null;
  if (!isLoggedIn(consent, cookieValue) || !user?.ok) {
    return (
      <BankFrame bank={bank}>
        <LoginForm bank={bank} consentId={consent.id} error={errorText} />
      </BankFrame>
    );
  }
  const accounts = accountsFor(bank, user.profile).filter((a) => covers(consent, a, "accounts"));
  const expiringUntil = addDays(clock.today, EXPIRING_DAYS);
  const validUntil =
    user.profile.behaviour === "expiring" && consent.validUntil > expiringUntil ? expiringUntil : consent.validUntil;
  return (
    <BankFrame bank={bank}>
      <ConsentReview
        bank={bank}
        consent={consent}
        profile={user.profile}
        accounts={accounts}
        validUntil={validUntil}
        error={errorText}
      />
    </BankFrame>
  );
}
