// What a finished statement import refreshes: everything kept under its account (figures, balance
// series, months, imports) is marked stale, its transactions are reset (not refetched page by page),
// the accounts list too; another account's data is left alone.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { accountKeys } from "@/lib/client/accounts";
import { refreshAfterImport, statementKeys } from "@/lib/client/statements";

const SCOPE = "scope-1";

function seeded() {
  const client = new QueryClient();
  const keys = {
    transactions: accountKeys.transactions(SCOPE, "a1", {}),
    stats: accountKeys.stats(SCOPE, "a1"),
    // The ledger's queries live under the account's key (lib/client/ledger.ts).
    series: [...accountKeys.account(SCOPE, "a1"), "ledger", "series", "2026"],
    imports: statementKeys.imports(SCOPE, "a1"),
    list: accountKeys.list(SCOPE),
    otherStats: accountKeys.stats(SCOPE, "a2"),
    otherTransactions: accountKeys.transactions(SCOPE, "a2", {}),
  };
  for (const key of Object.values(keys)) client.setQueryData(key, { seeded: true });
  const state = (name: keyof typeof keys) => client.getQueryState(keys[name]);
  return { client, state };
}

describe("refreshAfterImport", () => {
  it("marks the account's data stale, resets its transactions, and refreshes the list", () => {
    const { client, state } = seeded();
    refreshAfterImport(client, SCOPE, "a1");
    // Reset, and not invalidated after: an invalidated infinite query refetches every page it had.
    expect(state("transactions")?.data).toBeUndefined();
    expect(state("transactions")?.isInvalidated).toBe(false);
    for (const name of ["stats", "series", "imports", "list"] as const) {
      expect(state(name)?.isInvalidated, name).toBe(true);
      expect(state(name)?.data, name).toEqual({ seeded: true });
    }
  });

  it("leaves another account's data as it was", () => {
    const { client, state } = seeded();
    refreshAfterImport(client, SCOPE, "a1");
    expect(state("otherStats")?.isInvalidated).toBe(false);
    expect(state("otherTransactions")?.data).toEqual({ seeded: true });
  });
});
