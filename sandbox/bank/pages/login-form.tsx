// The bank's login step: user id + any password, a Cancel that rejects, and the test users' help box.
import { BankButton, Panel } from "@/sandbox/bank/pages/bank-frame";
import type { SandboxBank } from "@/sandbox/bank/data/banks";
import { testUsers } from "@/sandbox/bank/data/users";

export function LoginForm({ bank, consentId, error }: { bank: SandboxBank; consentId: string; error: string | null }) {
  const base = `/sandbox-bank/${bank.bankId}/authorize`;
  return (
    <div className="stack">
      <Panel title="Log in to approve access">
        <p className="muted">A third party asks to read your account information. Log in to review the request.</p>
        {error ? (
          <p role="alert" className="alert">
            {error}
          </p>
        ) : null}
        <form method="post" action={`${base}/login`} className="stack">
          <input type="hidden" name="consentId" value={consentId} />
          <div>
            <label htmlFor="userId">User ID</label>
            <input id="userId" name="userId" required autoComplete="username" />
          </div>
          <div>
            <label htmlFor="password">Password</label>
            <input id="password" name="password" type="password" required autoComplete="current-password" />
          </div>
          <div>
            <BankButton colour={bank.colour}>Log in</BankButton>
          </div>
        </form>
        <form method="post" action={`${base}/decision`} className="cancel">
          <input type="hidden" name="consentId" value={consentId} />
          <button type="submit" name="decision" value="cancel" className="link-button">
            Cancel and return to the requesting service
          </button>
        </form>
      </Panel>
      <aside aria-labelledby="test-users" className="help">
        <h2 id="test-users">Sandbox test users</h2>
        <p className="muted">Type one of these ids; any secret works.</p>
        <dl>
          {testUsers().map((u) => (
            <div key={u.userId}>
              <dt>{u.userId}</dt>
              <dd>{u.description}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
