// What the bank picker says about each bank besides its name: its logo (only from a host the page's
// CSP allows, lib/server/bank-logo-origins.ts), when this workspace last connected to it, and whether
// it is popular. Popular is counted over the deployment's other workspaces only, and a bank is
// popular once at least POPULAR_MIN_SCOPES of them have connected to it: what a workspace can read
// from the list is a count of several others, never one other workspace's choice (with the caller's
// own consents counted, a threshold of two would tell a workspace that one other uses its bank).
import "server-only";
import type { Tx } from "@/lib/db/client";
import { query } from "@/lib/db/sql";
import type { Bank } from "@/lib/banking/types";
import { allowedLogo } from "@/lib/server/bank-logo-origins";

const POPULAR_MIN_SCOPES = 3;
const POPULAR_PER_COUNTRY = 4;

export type PickerBank = Bank & { lastUsedAt: string | null; popular: boolean };

type Hints = { lastUsed: Map<string, Date>; popularity: Map<string, number> };

const keyOf = (b: { integrationName: string; bankId: string }) => `${b.integrationName}\n${b.bankId}`;

/** A bank as the picker shows it, with this workspace's hints; without any, nothing is recent or popular. */
export function pickerBank(bank: Bank, hints?: Hints): PickerBank {
  return {
    ...bank,
    logoUrl: allowedLogo(bank.logoUrl),
    lastUsedAt: hints?.lastUsed.get(keyOf(bank))?.toISOString() ?? null,
    popular: false,
  };
}

export async function bankHints(db: Tx, scopeId: string): Promise<Hints> {
  const [mine, counted] = await Promise.all([
    query<{ integration_name: string; bank_id: string; last: Date }>(
      db,
      `SELECT integration_name, bank_id, max(created_at) AS last FROM consents
        WHERE scope_id = $1::uuid AND bank_id IS NOT NULL GROUP BY 1, 2`,
      scopeId,
    ),
    query<{ integration_name: string; bank_id: string; scopes: number }>(
      db,
      `SELECT integration_name, bank_id, count(DISTINCT scope_id)::int AS scopes FROM consents
        WHERE bank_id IS NOT NULL AND scope_id <> $1::uuid GROUP BY 1, 2 HAVING count(DISTINCT scope_id) >= $2`,
      scopeId,
      POPULAR_MIN_SCOPES,
    ),
  ]);
  const byKey = (r: { integration_name: string; bank_id: string }) =>
    keyOf({ integrationName: r.integration_name, bankId: r.bank_id });
  return {
    lastUsed: new Map(mine.map((r) => [byKey(r), r.last])),
    popularity: new Map(counted.map((r) => [byKey(r), r.scopes])),
  };
}

/**
 * The hints the hosted picker may show: popular banks only. Its reader is an account holder outside the
 * workspace, to whom the workspace's own recent banks are not ours to tell.
 */
export function publicHints(hints: Hints): Hints {
  return { lastUsed: new Map(), popularity: hints.popularity };
}

/** A country's banks for the picker: the few most connected of them marked popular. */
export function withHints(banks: Bank[], hints: Hints): PickerBank[] {
  const popular = new Set(
    banks
      .filter((b) => hints.popularity.has(keyOf(b)))
      .sort((a, b) => (hints.popularity.get(keyOf(b)) ?? 0) - (hints.popularity.get(keyOf(a)) ?? 0))
      .slice(0, POPULAR_PER_COUNTRY)
      .map(keyOf),
  );
  return banks.map((b) => ({ ...pickerBank(b, hints), popular: popular.has(keyOf(b)) }));
}
