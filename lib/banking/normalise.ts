// Small steps every integration's transform takes on the way to the normalised types
// (lib/banking/types.ts): absent or empty text becomes null, and an entry the bank sent without an
// id gets one derived from its content.
import { createHash } from "node:crypto";

export const orNull = (value: string | undefined) => (value === undefined || value === "" ? null : value);

/**
 * An id derived from an entry's content (`parts`: what does not change when the entry is booked),
 * so pending → booked still matches. Identical entries share it; ingest tells them apart by their
 * occurrence (lib/sync/occurrence.ts).
 */
export function contentDerivedId(parts: readonly string[]): string {
  return `syn_${createHash("sha256").update(parts.join("\u001f")).digest("hex").slice(0, 32)}`;
}
