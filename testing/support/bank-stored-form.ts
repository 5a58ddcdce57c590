// A bank's answer in the form docs/banks.md promises to store it, written out by the tests on their
// own (never by calling the product's code): NUL characters dropped from every string, and a
// transaction id over 512 UTF-8 bytes as `sha256:` and its hex SHA-256. Used by the Vitest fidelity
// tests and by the e2e's reading of the banks' answers alike.
import { createHash } from "node:crypto";

/** The value with every NUL character of its strings removed, at any depth. */
export function withoutNul<T>(value: T): T {
  if (typeof value === "string") return value.replaceAll("\0", "") as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  return value;
}

/** A bank's transaction id as the app stores and serves it: over 512 UTF-8 bytes, its SHA-256. */
export const storedId = (id: string | null) =>
  id !== null && Buffer.byteLength(id) > 512 ? `sha256:${createHash("sha256").update(id).digest("hex")}` : id;
