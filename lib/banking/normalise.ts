// Small steps every integration's transform takes on the way to the normalised types
// (lib/banking/types.ts): absent or empty text becomes null, an entry the bank sent without an id
// gets one derived from its content, and an id too long to index is kept as its hash.
import { createHash } from "node:crypto";
import { z } from "zod";
import { DERIVED_ID_PREFIX, HASHED_ID_PREFIX } from "@/lib/banking/transaction-id-forms";

export const orNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);

/**
 * An id derived from an entry's content (`parts`: what does not change when the entry is booked),
 * so pending → booked still matches. Identical entries share it; ingest tells them apart by their
 * occurrence (lib/sync/occurrence.ts).
 */
export function contentDerivedId(parts: readonly string[]): string {
  return `${DERIVED_ID_PREFIX}${createHash("sha256").update(parts.join("\u001f")).digest("hex").slice(0, 32)}`;
}

/**
 * The longest bank transaction id kept as the bank sent it, in UTF-8 bytes. The NextGenPSD2 and Enable Banking
 * contracts put no limit on a transaction id, but PostgreSQL cannot index a key of more than ~2.7 kB
 * ((account_id, external_id) is unique): a page holding a longer id failed its sync on every retry.
 */
export const MAX_TRANSACTION_ID_BYTES = 512;

/**
 * A bank's transaction id as the sync stores and serves it: as sent up to MAX_TRANSACTION_ID_BYTES, else
 * `sha256:` and the hex SHA-256 of the id, the same on every sync, so the row is matched again.
 */
export function storedTransactionId(id: string): string {
  return Buffer.byteLength(id, "utf8") <= MAX_TRANSACTION_ID_BYTES
    ? id
    : `${HASHED_ID_PREFIX}${createHash("sha256").update(id).digest("hex")}`;
}

/**
 * A bank's ISO 4217 currency code, upper-cased as the contracts write it ("eur" and "EUR" would
 * otherwise be two currencies whose sums are never added together); anything but three letters is
 * refused with the page, never cut to fit the column.
 */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "an ISO 4217 code of three letters");
