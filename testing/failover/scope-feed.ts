// A connector following a scope's change feed (GET /api/accounttracking/v1/transactions/changes)
// from the start, through the failover: it reads from its cursor until hasMore is false, applies
// added and modified as upserts and removed as deletes to its own copy, and keeps the cursor only
// after a good answer. A 503 (the database away) leaves the cursor where it was: the next catch-up
// asks again. It records every cursor it was handed, so a test can check the positions only move on.

type Row = { id: string; accountId: string; bankTransactionId: string; amount: string };
type Page = {
  data: { added: Row[]; modified: Row[]; removed: { id: string }[] };
  meta: { nextCursor: string; hasMore: boolean };
};

export type ScopeFollower = {
  scopeId: string;
  /** Reads everything since the cursor on `instance`; false when an answer was not 200 (tried later). */
  catchUp: (instance: string) => Promise<boolean>;
  copy: Map<string, Row>;
  /** Every cursor handed out, in order. */
  cursors: string[];
  /** Rows that came twice within one page. */
  repeatsInPage: number;
  /** Answers by status. */
  statuses: Record<string, number>;
};

export function scopeFollower(scopeId: string, headers: Record<string, string>): ScopeFollower {
  let cursor: string | null = null;
  const follower: ScopeFollower = {
    scopeId,
    copy: new Map(),
    cursors: [],
    repeatsInPage: 0,
    statuses: {},
    catchUp: async (instance) => {
      for (;;) {
        const query = `perPage=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
        let res: Response;
        try {
          res = await fetch(`${instance}/api/accounttracking/v1/transactions/changes?${query}`, {
            headers,
            signal: AbortSignal.timeout(60_000),
          });
        } catch {
          follower.statuses["0"] = (follower.statuses["0"] ?? 0) + 1;
          return false;
        }
        follower.statuses[String(res.status)] = (follower.statuses[String(res.status)] ?? 0) + 1;
        if (res.status !== 200) {
          await res.arrayBuffer();
          return false;
        }
        const { data, meta } = (await res.json()) as Page;
        const ids = [...data.added, ...data.modified, ...data.removed].map((r) => r.id);
        follower.repeatsInPage += ids.length - new Set(ids).size;
        for (const r of [...data.added, ...data.modified]) follower.copy.set(r.id, r);
        for (const r of data.removed) follower.copy.delete(r.id);
        cursor = meta.nextCursor;
        follower.cursors.push(cursor);
        if (!meta.hasMore) return true;
      }
    },
  };
  return follower;
}
