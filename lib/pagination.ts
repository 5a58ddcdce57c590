// Keyset pagination with opaque, tamper-evident cursors. Never OFFSET.
//
// A cursor is `<payload>.<mac>`: the payload is base64url JSON of the last row's sort key, the mac
// an HMAC-SHA256 (128 bits kept) over the list it came from, that list's filters and the payload,
// keyed by a secret derived from AUTH_SECRET. So a cursor cannot be forged or edited, and one
// issued for another list (clients vs transactions, another account, another search) is refused:
// every such cursor answers 422 `validation_failed` with details naming `cursor`. The SQL below a
// cursor therefore only ever sees sort keys this server produced.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { authSecret } from "@/lib/env";

const DEFAULT_PER_PAGE = 50;
const MAX_PER_PAGE = 200;

const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A whole number in a query string: decimal digits and nothing else become a number for `inner` to
 * bound; any other value stays as it came and fails `inner` as not a number (422 naming the field).
 * Not z.coerce: Number() also reads 0x10, 1e1, +16, 16.0 and " 16" as numbers, and "" as 0.
 * The document still shows `inner` (an integer with its bounds and default).
 */
export function queryInteger<T extends z.ZodType<number>>(inner: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && DECIMAL_DIGITS.test(value) ? Number(value) : value),
    inner,
  );
}

/** The `perPage` query parameter: a whole number from 1 to `max` in decimal digits, `fallback` when absent. */
export function perPageParam(max: number, fallback: number) {
  const wholeNumber = "perPage must be a whole number in decimal digits, such as 50";
  return queryInteger(
    z
      .number({ message: wholeNumber })
      .int(wholeNumber)
      .min(1, "perPage must be at least 1")
      .max(max, `perPage must be at most ${max}`)
      .default(fallback),
  );
}

export const pageQuery = z.object({
  perPage: perPageParam(MAX_PER_PAGE, DEFAULT_PER_PAGE),
  cursor: z
    .string()
    .max(512)
    .optional()
    .describe(
      "Opaque: the previous page's meta.page.nextCursor. Signed and bound to this list and its filters; anything else → 422 (details.cursor).",
    ),
});

type CursorKey = (string | number)[];

/** Which list a cursor belongs to: a name with the ids that pin it (e.g. `transactions:<accountId>`) and its filters. */
export type CursorList = { name: string; filters?: Record<string, string | number | boolean | null | undefined> };

const MAC_BYTES = 16;
let keyCache: { secret: string; key: Buffer } | null = null;

function cursorKey(): Buffer {
  const secret = authSecret();
  if (keyCache?.secret !== secret) {
    // A key of its own, so a cursor MAC can never double as any other signature made with AUTH_SECRET.
    keyCache = { secret, key: createHmac("sha256", secret).update("ledgerlink cursor key v1").digest() };
  }
  return keyCache.key;
}

function binding(list: CursorList): string {
  const filters = Object.entries(list.filters ?? {})
    .filter(([, v]) => v !== undefined && v !== null && v !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([list.name, filters]);
}

function mac(list: CursorList, payload: string): Buffer {
  return createHmac("sha256", cursorKey())
    .update(`${binding(list)}\n${payload}`)
    .digest()
    .subarray(0, MAC_BYTES);
}

export function encodeCursor(list: CursorList, key: CursorKey): string {
  const payload = Buffer.from(JSON.stringify(key)).toString("base64url");
  return `${payload}.${mac(list, payload).toString("base64url")}`;
}

const invalidCursor = () =>
  new ApiError("validation_failed", "The cursor is not valid for this list; start again without it.", {
    details: { cursor: ["Not a cursor this API issued for this list and these filters"] },
  });

/** The sort key inside a cursor this list issued; null without a cursor; 422 for anything else. */
export function decodeCursor(list: CursorList, cursor: string | undefined, length: number): CursorKey | null {
  if (cursor === undefined) return null;
  const [payload, tag, extra] = cursor.split(".");
  if (!payload || !tag || extra !== undefined || !/^[A-Za-z0-9_-]+$/.test(payload + tag)) throw invalidCursor();
  // Compared as text, not as decoded bytes: base64url's last character carries spare bits, so
  // several spellings decode to the same bytes, and an edited cursor must never be accepted.
  const given = Buffer.from(tag);
  const expected = Buffer.from(mac(list, payload).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  try {
    const key: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    if (
      Array.isArray(key) &&
      key.length === length &&
      key.every((v) => typeof v === "string" || typeof v === "number")
    ) {
      return key;
    }
  } catch {
    // a signed payload is always JSON; fall through to the same answer regardless
  }
  throw invalidCursor();
}

/** Takes perPage + 1 rows, returns the page and the cursor of its last row when more exist. */
export function pageOf<T>(list: CursorList, rows: T[], perPage: number, keyOf: (row: T) => CursorKey) {
  const hasMore = rows.length > perPage;
  const items = hasMore ? rows.slice(0, perPage) : rows;
  const last = items.at(-1);
  return { items, meta: { page: { perPage, nextCursor: hasMore && last ? encodeCursor(list, keyOf(last)) : null } } };
}

/**
 * The one keyset page over (created_at, id) for Prisma lists: `findMany(args(filter))` (the list's
 * filter narrowed to the rows after the cursor, in keyset order, one row more than a page), then
 * `page(rows)`. Newest first with "desc", oldest with "asc".
 */
export function createdAtKeyset(
  list: CursorList,
  query: { perPage: number; cursor?: string },
  direction: "asc" | "desc",
) {
  const after = decodeCursor(list, query.cursor, 2);
  const beyond = <V>(value: V) => (direction === "asc" ? { gt: value } : { lt: value });
  const at = after ? new Date(String(after[0])) : null;
  const where = at && after ? { OR: [{ createdAt: beyond(at) }, { createdAt: at, id: beyond(String(after[1])) }] } : {};
  return {
    args: <F extends object>(filter: F) => ({
      where: { ...filter, ...where },
      orderBy: [{ createdAt: direction }, { id: direction }],
      take: query.perPage + 1,
    }),
    page: <T extends { createdAt: Date; id: string }>(rows: T[]) =>
      pageOf(list, rows, query.perPage, (row) => [row.createdAt.toISOString(), row.id]),
  };
}
