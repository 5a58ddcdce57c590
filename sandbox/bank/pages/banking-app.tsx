// GET /sandbox-bank/app?user=… — the bank's "banking app" for decoupled approval (the sandbox user
// `decoupled`): the person opens it on its own (the requesting service only says "approve in your
// banking app"), sees the access requests waiting for them and approves or declines each.
// POST /sandbox-bank/app/decision — the Approve / Decline form post; 303 back to the app.
// Static HTML on the bank's own origin, no scripts, like the authorize page.
import { formOf } from "@/sandbox/bank/authorize";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { resolveUser } from "@/sandbox/bank/data/users";
import { BankButton, Panel } from "@/sandbox/bank/pages/bank-frame";
import { htmlPage } from "@/sandbox/bank/pages/authorize-page";
import { awaitingInApp, findConsent, recordApproval, transition, type Consent } from "@/sandbox/bank/store/consents";
import { accessForChosen, isBankOffered, settle } from "@/sandbox/bank/xs2a/consent-guard";
import type { BankContext } from "@/sandbox/bank/xs2a/http";

const APP = "/sandbox-bank/app";
const APP_COLOUR = "#1e3a5f";
const DONE: Record<string, string> = {
  approved: "Approved. The requesting service can now read the accounts you shared.",
  declined: "Declined. Nothing was shared.",
  gone: "That request is no longer waiting for you.",
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="page">
      <header className="masthead" style={{ backgroundColor: APP_COLOUR }}>
        <div className="masthead-inner">
          <div className="brand">
            <span aria-hidden="true" className="brand-mark">
              A
            </span>
            <div>
              <span className="brand-name">Banking app</span>
              <span className="brand-line">Approvals for every sandbox bank</span>
            </div>
          </div>
          <span className="sandbox-tag">Sandbox</span>
        </div>
      </header>
      <p className="notice">This is a simulated banking app for testing. No real accounts or money are involved.</p>
      <main className="content">{children}</main>
    </div>
  );
}

function Request({ consent, user }: { consent: Consent; user: string }) {
  const bank = bankById(consent.bankId);
  const services = consent.access.transactions ? "account details, balances and transactions" : "account details";
  return (
    <Panel title={`Access request at ${bank?.name ?? consent.bankId}`}>
      <p>
        A third party asks to read your {services} until {consent.validUntil}.
      </p>
      <form method="post" action={`${APP}/decision`} className="stack">
        <input type="hidden" name="consentId" value={consent.id} />
        <input type="hidden" name="user" value={user} />
        <div>
          <BankButton name="decision" value="approve" colour={APP_COLOUR}>
            Approve
          </BankButton>{" "}
          <BankButton name="decision" value="decline" tone="secondary" colour={APP_COLOUR}>
            Decline
          </BankButton>
        </div>
      </form>
    </Panel>
  );
}

export async function bankingAppPage(ctx: BankContext): Promise<Response> {
  const query = ctx.url.searchParams;
  const user = resolveUser(query.get("user") ?? "");
  if (!user.ok) {
    return htmlPage(
      200,
      "Banking app · Sandbox",
      <Frame>
        <Panel title="Open your banking app">
          <form method="get" action={APP} className="stack">
            <div>
              <label htmlFor="user">User ID</label>
              <input id="user" name="user" required autoComplete="username" />
            </div>
            <div>
              <BankButton colour={APP_COLOUR}>Open</BankButton>
            </div>
          </form>
        </Panel>
      </Frame>,
    );
  }
  const userId = user.profile.userId;
  const waiting = (await Promise.all((await awaitingInApp(userId)).map((c) => settle(c, ctx)))).filter(
    (c) => c.status === "received",
  );
  const done = DONE[query.get("done") ?? ""];
  return htmlPage(
    200,
    "Banking app · Sandbox",
    <Frame>
      <div className="stack">
        {done ? <p role="status">{done}</p> : null}
        {waiting.length === 0 ? (
          <Panel title="Nothing to approve">
            <p>No access request is waiting for you, {user.profile.ownerName}.</p>
          </Panel>
        ) : (
          waiting.map((c) => <Request key={c.id} consent={c} user={userId} />)
        )}
      </div>
    </Frame>,
  );
}

/** Approve or Decline one request the app listed for this user. */
export async function postAppDecision(ctx: BankContext): Promise<Response> {
  const { fields } = await formOf(ctx);
  const user = resolveUser(fields.user ?? "");
  const back = (done: string) =>
    new Response(null, {
      status: 303,
      headers: { location: `${APP}?${new URLSearchParams({ user: user.ok ? user.profile.userId : "", done })}` },
    });
  const found = await findConsent(fields.consentId ?? "");
  const consent = found ? await settle(found, ctx) : null;
  const bank = consent ? bankById(consent.bankId) : null;
  const mine =
    user.ok &&
    consent?.scaApproach === "DECOUPLED" &&
    consent.psuId === user.profile.userId &&
    consent.status === "received";
  if (!user.ok || !consent || !bank || !mine || consent.approvedAt !== null) return back("gone");
  if (fields.decision !== "approve") {
    await transition(consent.id, "rejected", ["received"]);
    return back("declined");
  }
  // A bank-offered consent covers every account the app user holds (the app asks no choice).
  const access = isBankOffered(consent.access)
    ? accessForChosen(consent.access, accountsFor(bank, user.profile))
    : consent.access;
  await recordApproval(consent.id, "valid", consent.validUntil, access);
  return back("approved");
}
