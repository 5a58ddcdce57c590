// A connector that only follows the change feed: it pages through …/transactions/changes until
// hasMore is false, applies added and modified as upserts and removed as deletes to its own copy, and
// keeps the last cursor. Beside it, what the feed must hold: the difference between two snapshots of
// the stored transactions, serialised as the API serialises them.
import { expect } from "vitest";
import * as accountChanges from "@/app/api/accounttracking/v1/accounts/[id]/transactions/changes/route";
import * as scopeChanges from "@/app/api/accounttracking/v1/transactions/changes/route";
import {
  DISPLAY_NAME_JOIN,
  serializeTransaction,
  TRANSACTION_COLUMNS,
  type TransactionRow,
} from "@/lib/accounttracking/transactions/transactions";
import { ownCte } from "@/lib/accounttracking/transactions/transfers";
import { pool } from "@/lib/db/client";
import { call } from "@/testing/support/http";

type Transaction = ReturnType<typeof serializeTransaction>;
type Removed = { id: string; accountId: string; removedAt: string };
type Answer = {
  data: { added: Transaction[]; modified: Transaction[]; removed: Removed[] };
  meta: { nextCursor: string; hasMore: boolean };
};

/** What one catch-up read: every page until hasMore was false. */
export type Read = { added: Transaction[]; modified: Transaction[]; removed: Removed[]; pages: number };

export type Follower = {
  cursor: string | null;
  copy: Map<string, Transaction>;
  /** Reads every change since the cursor and applies it. */
  catchUp: (perPage?: number) => Promise<Read>;
};

/** A connector following one account's feed (accountId) or its whole scope's (no accountId). */
export function follower(headers: Record<string, string>, accountId?: string): Follower {
  const self: Follower = {
    cursor: null,
    copy: new Map(),
    catchUp: async (perPage = 500) => {
      const read: Read = { added: [], modified: [], removed: [], pages: 0 };
      for (;;) {
        const answer = await readChanges(headers, accountId, self.cursor, perPage);
        if (answer.status !== 200) throw new Error(`changes: ${answer.status} ${answer.text}`);
        const { data, meta } = answer.json;
        read.pages += 1;
        read.added.push(...data.added);
        read.modified.push(...data.modified);
        read.removed.push(...data.removed);
        for (const t of [...data.added, ...data.modified]) self.copy.set(t.id, t);
        for (const r of data.removed) self.copy.delete(r.id);
        self.cursor = meta.nextCursor;
        if (!meta.hasMore) return read;
      }
    },
  };
  return self;
}

export function readChanges(
  headers: Record<string, string>,
  accountId: string | undefined,
  cursor: string | null,
  perPage = 500,
) {
  const query = new URLSearchParams({ perPage: String(perPage), ...(cursor ? { cursor } : {}) }).toString();
  return accountId
    ? call<Answer>(accountChanges.GET, "GET", `/api/accounttracking/v1/accounts/${accountId}/transactions/changes`, {
        headers,
        params: { id: accountId },
        query,
      })
    : call<Answer>(scopeChanges.GET, "GET", "/api/accounttracking/v1/transactions/changes", { headers, query });
}

/** The live (not removed) transactions of an account, or of a scope, as the API serialises them. */
export async function snapshot(where: { accountId: string } | { scopeId: string }): Promise<Map<string, Transaction>> {
  const byAccount = "accountId" in where;
  const scope = byAccount ? "(SELECT scope_id FROM tracked_accounts WHERE id = $1::uuid)" : "$1::uuid";
  const { rows } = await pool().query<TransactionRow>(
    `WITH ${ownCte(scope)} SELECT ${TRANSACTION_COLUMNS}
       FROM transactions t JOIN tracked_accounts ta ON ta.id = t.account_id CROSS JOIN own ${DISPLAY_NAME_JOIN}
      WHERE ${byAccount ? "t.account_id" : "t.scope_id"} = $1::uuid AND t.removed_at IS NULL`,
    [byAccount ? where.accountId : where.scopeId],
  );
  return new Map(rows.map((r) => [r.id, serializeTransaction(r)]));
}

const ids = (list: { id: string }[]) => list.map((t) => t.id).sort();

/** The read holds exactly the difference from `before` to `after`: each row once, at its state now. */
export function expectExactly(read: Read, before: Map<string, Transaction>, after: Map<string, Transaction>) {
  const added = [...after.keys()].filter((id) => !before.has(id));
  const removed = [...before.keys()].filter((id) => !after.has(id));
  const modified = [...after.keys()].filter(
    (id) => before.has(id) && JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)),
  );
  expect({ added: ids(read.added), modified: ids(read.modified), removed: ids(read.removed) }).toEqual({
    added: added.sort(),
    modified: modified.sort(),
    removed: removed.sort(),
  });
  for (const t of [...read.added, ...read.modified]) expect(t).toEqual(after.get(t.id));
}

/** The follower's copy equals the stored transactions. */
export function expectCopyEquals(f: Follower, stored: Map<string, Transaction>) {
  expect(f.copy.size).toBe(stored.size);
  for (const [id, t] of stored) expect(f.copy.get(id)).toEqual(t);
}
