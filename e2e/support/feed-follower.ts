// A connector that only follows the change feed, over HTTP with an App token of its own (a viewer API
// key, as a machine caller holds one): it reads GET …/accounts/{id}/transactions/changes from its
// cursor until hasMore is false, applies added and modified as upserts and removed as deletes to its
// own copy, and keeps the cursor. `expectStep` checks one catch-up against the bank: the copy equals
// the bank's answer, and what the feed reported is exactly what changed at the bank since the last step.
import { expect, type APIRequestContext } from "@playwright/test";
import { expectEqualToBank, type Canonical, type OurTransaction } from "./bank-truth";
import { dataOf } from "./envelope";
import type { Person } from "./person";

type Removed = { id: string; removedAt: string };
type Page = {
  data: { added: OurTransaction[]; modified: OurTransaction[]; removed: Removed[] };
  meta: { nextCursor: string; hasMore: boolean };
};
export type Step = { added: OurTransaction[]; modified: OurTransaction[]; removed: Removed[] };

export type Follower = {
  /** Reads every change since the cursor, applies it, and returns what this catch-up read. */
  catchUp: () => Promise<Step>;
  /** The connector's copy of the account's transactions. */
  copy: () => OurTransaction[];
};

/** An API key of the person's scope (role viewer): what a connector follows the feed with. */
export async function connectorHeaders(request: APIRequestContext, person: Person): Promise<Record<string, string>> {
  const created = await request.post("/api/auth/v1/api-keys", {
    headers: person.session,
    data: { name: "Feed connector", role: "viewer" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { token } = await dataOf<{ token: string }>(created);
  return { authorization: `Bearer ${token}`, "x-scope": person.scopeId };
}

export function feedFollower(request: APIRequestContext, headers: Record<string, string>, accountId: string): Follower {
  let cursor: string | null = null;
  const copy = new Map<string, OurTransaction & { id: string }>();
  return {
    copy: () => [...copy.values()],
    catchUp: async () => {
      const step: Step = { added: [], modified: [], removed: [] };
      for (;;) {
        const query = `perPage=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        const res = await request.get(`/api/accounttracking/v1/accounts/${accountId}/transactions/changes?${query}`, {
          headers,
        });
        expect(res.status(), await res.text()).toBe(200);
        const { data, meta } = (await res.json()) as Page;
        step.added.push(...data.added);
        step.modified.push(...data.modified);
        step.removed.push(...data.removed);
        for (const t of [...data.added, ...data.modified])
          copy.set((t as { id: string } & OurTransaction).id, t as never);
        for (const r of data.removed) copy.delete(r.id);
        cursor = meta.nextCursor;
        if (!meta.hasMore) return step;
      }
    },
  };
}

const canonicalKeys = (rows: Canonical[]) =>
  rows.map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => a.localeCompare(b))));

/** How many rows of `a` are not matched by an identical row of `b` (as multisets: equal rows count). */
function notIn(a: Canonical[], b: Canonical[]): number {
  const left = new Map<string, number>();
  for (const k of canonicalKeys(b)) left.set(k, (left.get(k) ?? 0) + 1);
  let missing = 0;
  for (const k of canonicalKeys(a)) {
    const n = left.get(k) ?? 0;
    if (n > 0) left.set(k, n - 1);
    else missing += 1;
  }
  return missing;
}

/**
 * One step of a connector: after catching up, its copy equals the bank; and the feed reported exactly
 * what changed at the bank since the last step: every row the bank shows now and did not before (new,
 * or changed in any field) as added or modified, and every row it showed before and no longer does
 * (changed, or gone) as modified or removed. No row twice in one catch-up.
 */
export async function expectStep(follower: Follower, bankBefore: Canonical[] | null, bankNow: Canonical[]) {
  const step = await follower.catchUp();
  expectEqualToBank(bankNow, follower.copy());
  if (bankBefore === null) return step;
  expect(step.added.length + step.modified.length, "added + modified = rows new or changed at the bank").toBe(
    notIn(bankNow, bankBefore),
  );
  expect(
    step.modified.length + step.removed.length,
    "modified + removed = rows the bank no longer shows as they were",
  ).toBe(notIn(bankBefore, bankNow));
  const ids = [...step.added, ...step.modified, ...step.removed].map((t) => (t as { id: string }).id);
  expect(new Set(ids).size, "no row reported twice in one catch-up").toBe(ids.length);
  return step;
}
