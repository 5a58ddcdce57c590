// A bank id too long to index is stored as its hash, the same on every sync; any other id as sent.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_TRANSACTION_ID_BYTES, storedTransactionId } from "@/lib/banking/normalise";

const sha256 = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

describe("storedTransactionId", () => {
  it("keeps an id of up to MAX_TRANSACTION_ID_BYTES UTF-8 bytes as the bank sent it", () => {
    for (const id of ["T1", "x".repeat(MAX_TRANSACTION_ID_BYTES), "é".repeat(MAX_TRANSACTION_ID_BYTES / 2)]) {
      expect(storedTransactionId(id)).toBe(id);
    }
  });

  it("stores a longer id (counted in bytes, not characters) as its SHA-256, stable across calls", () => {
    const long = "x".repeat(MAX_TRANSACTION_ID_BYTES + 1);
    // 257 characters but 514 bytes.
    const wide = "é".repeat(MAX_TRANSACTION_ID_BYTES / 2 + 1);
    const huge = "20260114-".repeat(400);
    for (const id of [long, wide, huge]) {
      expect(storedTransactionId(id)).toBe(sha256(id));
      expect(storedTransactionId(id)).toBe(storedTransactionId(id));
    }
    expect(new Set([long, wide, huge].map(storedTransactionId)).size).toBe(3);
  });
});
