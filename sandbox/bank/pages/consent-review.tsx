// The consent review step: who is logged in, what access is asked, until when, for which accounts.
import { BankButton, Panel } from "@/sandbox/bank/pages/bank-frame";
import type { SandboxAccount } from "@/sandbox/bank/data/accounts";
import type { SandboxBank } from "@/sandbox/bank/data/banks";
import type { UserProfile } from "@/sandbox/bank/data/users";
import { ACCOUNT_FIELD, ACCOUNT_LIST_SHOWN } from "@/sandbox/bank/authorize";
import type { Consent, ConsentAccess } from "@/sandbox/bank/store/consents";
import { isBankOffered } from "@/sandbox/bank/xs2a/consent-guard";

function describeAccess(access: ConsentAccess): string[] {
  if (access.allPsd2) return ["Your account details", "Your balances", "Your transaction history"];
  const out: string[] = [];
  if (access.availableAccounts || access.accounts) out.push("Your account details");
  if (access.availableAccountsWithBalance || access.balances) out.push("Your balances");
  if (access.transactions) out.push("Your transaction history");
  return out;
}

type Props = {
  bank: SandboxBank;
  consent: Consent;
  profile: UserProfile;
  accounts: SandboxAccount[];
  validUntil: string;
  error?: string | null;
};

function AccountRow({ account }: { account: SandboxAccount }) {
  return (
    <>
      <span>
        {account.name} <span className="muted">· {account.product}</span>
      </span>
      <span className="mono">{account.iban}</span>
    </>
  );
}

export function ConsentReview({ bank, consent, profile, accounts, validUntil, error }: Props) {
  const base = `/sandbox-bank/${bank.bankId}/authorize`;
  // Bank-offered: the service named no accounts, so the account holder chooses them here.
  const choose = isBankOffered(consent.access);
  return (
    <Panel title="Review the access request">
      <p className="muted">
        Logged in as <strong>{profile.ownerName}</strong> (<span className="mono">{profile.userId}</span>).
      </p>
      <h2>The requesting service may read</h2>
      <ul className="bullets">
        {describeAccess(consent.access).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="terms">
        <dt>Valid until</dt>
        <dd>{validUntil}</dd>
        <dt>Access without you present</dt>
        <dd>{consent.recurringIndicator ? `up to ${consent.frequencyPerDay} times a day` : "once"}</dd>
      </dl>
      {!choose && (
        <>
          <h2>Accounts</h2>
          <ul className="accounts">
            {accounts.map((a) => (
              <li key={a.resourceId} className="account">
                <AccountRow account={a} />
              </li>
            ))}
          </ul>
        </>
      )}
      {profile.behaviour === "deny" ? (
        <p role="status" className="warning">
          Sandbox user <span className="mono">deny</span>: the bank will decline this request even if you approve.
        </p>
      ) : null}
      <form method="post" action={`${base}/decision`}>
        <input type="hidden" name="consentId" value={consent.id} />
        {choose && (
          <fieldset>
            <legend>Choose the accounts to share</legend>
            <input type="hidden" name={ACCOUNT_LIST_SHOWN} value="1" />
            {error ? (
              <p role="alert" className="alert">
                {error}
              </p>
            ) : null}
            <ul className="accounts">
              {accounts.map((a) => (
                <li key={a.resourceId}>
                  <label className="account choice">
                    <input type="checkbox" name={ACCOUNT_FIELD} value={a.resourceId} defaultChecked />
                    <span className="account-text">
                      <AccountRow account={a} />
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="actions">
          <BankButton colour={bank.colour} name="decision" value="approve">
            Approve
          </BankButton>
          <BankButton colour={bank.colour} name="decision" value="deny" tone="secondary">
            Deny
          </BankButton>
        </div>
      </form>
    </Panel>
  );
}
