// The bank's login step: user id + any password, a Cancel that rejects, and the test users' help box.
import { BankButton, Panel } from "@/sandbox/bank/pages/bank-frame";
import type { SandboxBank } from "@/sandbox/bank/data/banks";
import { testUsers } from "@/sandbox/bank/data/users";

export function LoginForm({ bank, consentId, error }: { bank: SandboxBank; consentId: string; error: string | null }) {
  const base = `/sandbox-bank/${bank.bankId}/authorize`;
  return (
    <div className="space-y-6">
      <Panel title="Log in to approve access">
        <p className="mb-4 text-sm text-stone-600">
          A third party asks to read your account information. Log in to review the request.
        </p>
        {error ? (
          <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <form method="post" action={`${base}/login`} className="space-y-4">
          <input type="hidden" name="consentId" value={consentId} />
          <div>
            <label htmlFor="userId" className="mb-1 block text-sm font-medium">
              User ID
            </label>
            <input
              id="userId"
              name="userId"
              required
              autoComplete="username"
              className="w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor="password" className="mb-1 block text-sm font-medium">
              Password
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              className="w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <BankButton colour={bank.colour}>Log in</BankButton>
        </form>
        <form method="post" action={`${base}/decision`} className="mt-3">
          <input type="hidden" name="consentId" value={consentId} />
          <button type="submit" name="decision" value="cancel" className="text-sm text-stone-600 underline">
            Cancel and return to the requesting service
          </button>
        </form>
      </Panel>
      <aside
        aria-labelledby="test-users"
        className="rounded-lg border border-dashed border-stone-400 bg-stone-50 p-5 text-sm"
      >
        <h2 id="test-users" className="mb-1 font-semibold">
          Sandbox test users
        </h2>
        <p className="mb-3 text-stone-600">Type one of these ids; any secret works.</p>
        <dl className="space-y-2">
          {testUsers().map((u) => (
            <div key={u.userId}>
              <dt className="font-mono font-semibold">{u.userId}</dt>
              <dd className="text-stone-600">{u.description}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
