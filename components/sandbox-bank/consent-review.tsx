// The consent review step: who is logged in, what access is asked, until when, for which accounts.
import { BankButton, Panel } from "@/components/sandbox-bank/bank-frame";
import type { SandboxAccount } from "@/lib/sandbox-bank/data/accounts";
import type { SandboxBank } from "@/lib/sandbox-bank/data/banks";
import type { UserProfile } from "@/lib/sandbox-bank/data/users";
import type { Consent, ConsentAccess } from "@/lib/sandbox-bank/store/consents";

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
};

export function ConsentReview({ bank, consent, profile, accounts, validUntil }: Props) {
  const base = `/sandbox-bank/${bank.bankId}/authorize`;
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
      <h2 className="mb-1 font-semibold">Accounts</h2>
      <ul className="mb-6 divide-y divide-stone-200 rounded border border-stone-200 text-sm">
        {accounts.map((a) => (
          <li key={a.resourceId} className="flex justify-between px-3 py-2">
            <span>
              {a.name} <span className="text-stone-500">· {a.product}</span>
            </span>
            <span className="font-mono">{a.iban}</span>
          </li>
        ))}
      </ul>
      {profile.behaviour === "deny" ? (
        <p role="status" className="mb-4 rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          Sandbox user <span className="font-mono">deny</span>: the bank will decline this request even if you approve.
        </p>
      ) : null}
      <form method="post" action={`${base}/decision`} className="flex gap-3">
        <input type="hidden" name="consentId" value={consent.id} />
        <BankButton colour={bank.colour} name="decision" value="approve">
          Approve
        </BankButton>
        <BankButton colour={bank.colour} name="decision" value="deny" tone="secondary">
          Deny
        </BankButton>
      </form>
    </Panel>
  );
}
