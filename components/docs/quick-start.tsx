// The machine caller's quick start: an API key, a scope, accounts, transactions page by page.

/** A code sample; it scrolls sideways inside itself, so a keyboard can reach it (tabIndex) to scroll it. */
function Code({ children }: { children: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label="Code sample"
      className="mt-2 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <code>{children}</code>
    </pre>
  );
}

const CURL = `# 1. Which scope? (an API key sees exactly one)
curl -s https://YOUR-HOST/api/scopes/v1 \\
  -H "Authorization: Bearer $LEDGERLINK_TOKEN"

# 2. The tracked accounts of that scope
curl -s https://YOUR-HOST/api/accounttracking/v1/accounts \\
  -H "Authorization: Bearer $LEDGERLINK_TOKEN" -H "X-Scope: $SCOPE_ID"

# 3. Transactions, newest first, 500 a page; repeat with cursor=<meta.page.nextCursor> until it is null
curl -s -G https://YOUR-HOST/api/accounttracking/v1/accounts/$ACCOUNT_ID/transactions \\
  -H "Authorization: Bearer $LEDGERLINK_TOKEN" -H "X-Scope: $SCOPE_ID" \\
  --data-urlencode "filter[fromDate]=2026-01-01" --data-urlencode "perPage=500" \\
  --data-urlencode "cursor=$NEXT_CURSOR"

# 4. Figures and the state of the latest sync
curl -s https://YOUR-HOST/api/accounttracking/v1/accounts/$ACCOUNT_ID/stats \\
  -H "Authorization: Bearer $LEDGERLINK_TOKEN" -H "X-Scope: $SCOPE_ID"
curl -s https://YOUR-HOST/api/accounttracking/v1/accounts/$ACCOUNT_ID/sync-status \\
  -H "Authorization: Bearer $LEDGERLINK_TOKEN" -H "X-Scope: $SCOPE_ID"`;

const CLIENT = `import { createMachineClient } from "@/lib/client/machine";

const ledgerlink = createMachineClient({ baseUrl: "https://YOUR-HOST", token: process.env.LEDGERLINK_TOKEN! });
const [scope] = await ledgerlink.listScopes();
ledgerlink.useScope(scope.scopeId);

const { items: accounts } = await ledgerlink.listAccounts();
for (const account of accounts) {
  for await (const page of ledgerlink.transactionPages(account.id, { fromDate: "2026-01-01", perPage: 500 })) {
    for (const t of page) console.log(t.bookingDate ?? t.valueDate, t.amount, t.currency, t.counterpartName);
  }
  const status = await ledgerlink.getSyncStatus(account.id);
  console.log(account.iban, status.state, status.lastSucceededAt);
}
// Retries 429/500/502/503 with exponential backoff, honouring Retry-After; a POST keeps one
// Idempotency-Key across its retries. Errors are ApiCallError with .code, .details and .requestId.`;

export function QuickStart() {
  return (
    <section id="quick-start" className="rounded-lg border border-slate-200 bg-white p-6">
      <h2 className="text-xl font-semibold text-slate-900">Quick start for machine callers</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          <strong>Create an API key</strong>: sign in as an admin of the scope, open <em>Settings → API keys</em>,
          choose the kind (API key, connector app or delegated agent) and the role (<code>viewer</code> reads;{" "}
          <code>member</code> can also write clients and profiles). The secret (<code>ll_key_…</code>) is shown once:
          store it in your secret manager.
        </li>
        <li>
          <strong>Authenticate</strong> every request with <code>Authorization: Bearer &lt;token&gt;</code>. Never put a
          token in a URL. App tokens cannot perform operations that need a person (403{" "}
          <code>user_context_required</code>).
        </li>
        <li>
          <strong>Pick a scope</strong> with <code>GET /api/scopes/v1</code> and send its <code>scopeId</code> as
          <code> X-Scope</code> on scoped operations (missing: 400 <code>scope_missing</code>; not yours: 404).
        </li>
        <li>
          <strong>List accounts</strong> with <code>GET /api/accounttracking/v1/accounts</code>.
        </li>
        <li>
          <strong>Read transactions page by page</strong>:{" "}
          <code>GET /api/accounttracking/v1/accounts/{"{id}"}/transactions</code>, then send{" "}
          <code>meta.page.nextCursor</code> back as <code>cursor</code> until it is <code>null</code>.
        </li>
        <li>
          <strong>Be a good citizen</strong>: every response carries <code>RateLimit</code> and{" "}
          <code>RateLimit-Policy</code>; on 429/500/502/503 back off exponentially and never retry before{" "}
          <code>Retry-After</code>. Send an
          <code> Idempotency-Key</code> (a UUID) with every POST and reuse it when you retry that POST.
        </li>
      </ol>
      <h3 className="mt-5 font-semibold text-slate-900">With curl</h3>
      <Code>{CURL}</Code>
      <h3 className="mt-5 font-semibold text-slate-900">With the typed TypeScript client</h3>
      <Code>{CLIENT}</Code>
      <p className="mt-3 text-sm text-slate-600">
        The machine-readable contract is{" "}
        <a className="text-indigo-700 underline" href="/api/openapi.json">
          /api/openapi.json
        </a>{" "}
        (OpenAPI 3.1).
      </p>
    </section>
  );
}
