// Change-feed cursors: signed like every list cursor (lib/pagination.ts), bound to the feed they came
// from (an account's or a scope's), holding two change numbers:
//   - `since`: where the caller's read began. A row first inserted after it is `added`, any other
//     change `modified`. It moves only when the caller has read everything (hasMore false).
//   - `after`: how far the caller has read. The next page starts past it.
// A cursor is expired (410 cursor_expired) when removals it has not read were purged (retention, see
// lib/changes/retention.ts): the caller may hold rows that are gone, and only a fresh start is exact.
import "server-only";
import { ApiError } from "@/lib/errors";
import { decodeCursor, encodeCursor, type CursorList } from "@/lib/pagination";

export type FeedPosition = { since: bigint; after: bigint };

export const START: FeedPosition = { since: 0n, after: 0n };

export const accountFeed = (accountId: string): CursorList => ({ name: `changes:account:${accountId}` });
export const scopeFeed = (scopeId: string): CursorList => ({ name: `changes:scope:${scopeId}` });

const DIGITS = /^[0-9]{1,19}$/;

/** The position a cursor holds; the start without one; 422 for a cursor this feed did not issue. */
export function positionOf(feed: CursorList, cursor: string | undefined): FeedPosition {
  const key = decodeCursor(feed, cursor, 2);
  if (!key) return START;
  const [since, after] = key.map(String);
  // Signed by us, so always digits; checked all the same before it reaches SQL as a bigint.
  if (!DIGITS.test(since) || !DIGITS.test(after))
    throw new ApiError("server_error", "A signed cursor holds no position");
  return { since: BigInt(since), after: BigInt(after) };
}

export const cursorOf = (feed: CursorList, position: FeedPosition): string =>
  encodeCursor(feed, [String(position.since), String(position.after)]);

/** 410 when removals after the cursor were purged (a cursor-less start never expires). */
export function assertRetained(position: FeedPosition, purgedSeq: bigint): void {
  if (position.after === 0n || position.after >= purgedSeq) return;
  throw new ApiError(
    "cursor_expired",
    "This cursor is older than the change history kept, so changes since it can no longer be listed exactly. Start again without a cursor (every current transaction comes as added) and keep the new cursor.",
  );
}
