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
        {account.name} <span className="text-stone-500">· {account.product}</span>
      </span>
      <span className="font-mono">{account.iban}</span>
    </>
  );
}

export function ConsentReview({ bank, consent, profile, accounts, validUntil, error }: Props) {
  const base = `/sandbox-bank/${bank.bankId}/authorize`;
  // Bank-offered: the service named no accounts, so the account holder chooses them here.
  const choose = isBankOffered(consent.access);
  return (
    <Panel title="Review the access request">
      <p className="mb-4 text-sm text-stone-600">
        Logged in as <strong>{profile.ownerName}</strong> (<span className="font-mono">{profile.userId}</span>).
      </p>
      <h2 className="mb-1 font-semibold">The requesting service may read</h2>
      <ul className="mb-4 list-inside list-disc text-sm">
        {describeAccess(consent.access).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <dl className="mb-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="text-stone-600">Valid until</dt>
        <dd className="font-medium">{validUntil}</dd>
        <dt className="text-stone-600">Access without you present</dt>
        <dd className="font-medium">
          {consent.recurringIndicator ? `up to ${consent.frequencyPerDay} times a day` : "once"}
        </dd>
      </dl>
      {!choose && (
        <>
          <h2 className="mb-1 font-semibold">Accounts</h2>
          <ul className="mb-6 divide-y divide-stone-200 rounded border border-stone-200 text-sm">
            {accounts.map((a) => (
              <li key={a.resourceId} className="flex justify-between px-3 py-2">
                <AccountRow account={a} />
              </li>
            ))}
          </ul>
        </>
      )}
      {profile.behaviour === "deny" ? (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          Sandbox user <span className="font-mono">deny</span>: the bank will decline this request even if you approve.
        </p>
      ) : null}
      <form method="post" action={`${base}/decision`}>
        <input type="hidden" name="consentId" value={consent.id} />
        {choose && (
          <fieldset className="mb-6">
            <legend className="mb-1 font-semibold">Choose the accounts to share</legend>
            <input type="hidden" name={ACCOUNT_LIST_SHOWN} value="1" />
            {error ? (
              <p role="alert" className="mb-2 text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <ul className="divide-y divide-stone-200 rounded border border-stone-200 text-sm">
              {accounts.map((a) => (
                <li key={a.resourceId}>
                  <label className="flex cursor-pointer items-center gap-3 px-3 py-2">
                    <input type="checkbox" name={ACCOUNT_FIELD} value={a.resourceId} defaultChecked />
                    <span className="flex flex-1 justify-between gap-3">
                      <AccountRow account={a} />
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="flex gap-3">
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
