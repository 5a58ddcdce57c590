// Keyset pagination with an opaque cursor (base64url of the last row's sort key). Never OFFSET.
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;

export const pageQuery = z.object({
  perPage: z.coerce
    .number({ message: "perPage must be a whole number" })
    .int("perPage must be a whole number")
    .min(1, "perPage must be at least 1")
    .max(MAX_PER_PAGE, `perPage must be at most ${MAX_PER_PAGE}`)
    .default(DEFAULT_PER_PAGE),
  cursor: z.string().max(512).optional(),
});

export function encodeCursor(key: (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString("base64url");
}

export function decodeCursor(cursor: string | undefined, length: number): (string | number)[] | null {
  if (cursor === undefined) return null;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Array.isArray(key) && key.length === length && key.every((v) => typeof v === "string" || typeof v === "number")) {
      return key as (string | number)[];
    }
  } catch {
    // fall through
  }
  throw new ApiError("validation_failed", "The cursor is not valid; start again without it.", {
    details: { cursor: ["Not a cursor issued by this API"] },
  });
}

/** Takes perPage + 1 rows, returns the page and the cursor of its last row when more exist. */
export function pageOf<T>(rows: T[], perPage: number, keyOf: (row: T) => (string | number)[]) {
  const hasMore = rows.length > perPage;
  const items = hasMore ? rows.slice(0, perPage) : rows;
  const last = items.at(-1);
  return { items, meta: { page: { perPage, nextCursor: hasMore && last ? encodeCursor(keyOf(last)) : null } } };
}
