// Pure parts of the kernel: validation details, cursors, request fingerprints, log redaction, roles.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/errors";
import { requestFingerprint } from "@/lib/api/idempotency";
import { decodeCursor, encodeCursor, pageOf } from "@/lib/pagination";
import { parseJsonText, parseWith, queryObject } from "@/lib/api/validate";
import { zodDetails } from "@/lib/input-guard";
import { hasCapability } from "@/lib/auth/capabilities";
import { redact } from "@/lib/log";

describe("validation", () => {
  const schema = z.strictObject({
    countryCode: z.string().length(2),
    nested: z.object({ perPage: z.number() }).optional(),
  });

  it("maps zod issues to camelCase dotted field paths, unknown keys included", () => {
    const result = schema.safeParse({ countryCode: "BEL", nested: { perPage: "x" }, surplus: 1 });
    expect(result.success).toBe(false);
    const details = zodDetails((result as { error: z.ZodError }).error);
    expect(Object.keys(details).sort()).toEqual(["countryCode", "nested.perPage", "surplus"]);
    expect(details.surplus).toEqual(["Unknown field; remove it."]);
  });

  it("throws validation_failed with details, and bad_request for non-JSON", () => {
    expect(() => parseWith(schema, { countryCode: 1 })).toThrowError(ApiError);
    try {
      parseWith(schema, { countryCode: 1 });
    } catch (e) {
      expect((e as ApiError).code).toBe("validation_failed");
      expect((e as ApiError).status).toBe(422);
    }
    expect(() => parseJsonText("{", "application/json")).toThrow(/not valid JSON/);
    expect(() => parseJsonText("a=b", "application/x-www-form-urlencoded")).toThrow(/Content-Type: application\/json/);
    expect(parseJsonText("", null)).toEqual({});
    expect(parseJsonText('{"a":1}', "application/merge-patch+json")).toEqual({ a: 1 });
  });

  it("keeps bracketed query keys literal and collects repeats", () => {
    const url = new URL("http://x/y?filter[fromDate]=2026-01-01&tag=a&tag=b");
    expect(queryObject(url)).toEqual({ "filter[fromDate]": "2026-01-01", tag: ["a", "b"] });
  });
});

describe("cursors", () => {
  const list = { name: "transactions:acc-1", filters: { status: "booked" } };
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (e) {
      return [(e as ApiError).code, Object.keys((e as ApiError).details ?? {})];
    }
    return null;
  };
  const refused = ["validation_failed", ["cursor"]];

  it("round-trips a cursor on the list and filters it was issued for", () => {
    const cursor = encodeCursor(list, ["2026-11-22T10:00:00.000Z", "abc"]);
    expect(decodeCursor(list, cursor, 2)).toEqual(["2026-11-22T10:00:00.000Z", "abc"]);
    expect(decodeCursor({ name: list.name, filters: { status: "booked", fromDate: undefined } }, cursor, 2)).toEqual([
      "2026-11-22T10:00:00.000Z",
      "abc",
    ]);
    expect(decodeCursor(list, undefined, 2)).toBeNull();
  });

  it("refuses forged, tampered, foreign-list and other-filter cursors with 422 naming cursor", () => {
    const cursor = encodeCursor(list, ["2026-11-22T10:00:00.000Z", "abc"]);
    const [payload, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify(["x", "y"])).toString("base64url");
    const tampered = `${Buffer.from(JSON.stringify(["2026-11-23T10:00:00.000Z", "abc"])).toString("base64url")}.${mac}`;
    expect(code(() => decodeCursor(list, forged, 2))).toEqual(refused);
    expect(code(() => decodeCursor(list, `${forged}.${mac}`, 2))).toEqual(refused);
    expect(code(() => decodeCursor(list, tampered, 2))).toEqual(refused);
    expect(code(() => decodeCursor(list, `${payload}.${mac}x`, 2))).toEqual(refused);
    expect(code(() => decodeCursor(list, `${payload}.${mac}.${mac}`, 2))).toEqual(refused);
    expect(code(() => decodeCursor({ name: "clients:acc-1" }, cursor, 2))).toEqual(refused);
    expect(code(() => decodeCursor({ name: "transactions:acc-2", filters: { status: "booked" } }, cursor, 2))).toEqual(
      refused,
    );
    expect(code(() => decodeCursor({ name: list.name, filters: { status: "pending" } }, cursor, 2))).toEqual(refused);
    expect(code(() => decodeCursor(list, cursor, 3))).toEqual(refused);
    expect(code(() => decodeCursor(list, "%%%", 2))).toEqual(refused);
  });

  it("pages take perPage + 1 rows and point at the last row shown", () => {
    const rows = [1, 2, 3, 4].map((n) => ({ n }));
    const page = pageOf(list, rows, 3, (r) => [r.n]);
    expect(page.items.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(decodeCursor(list, page.meta.page.nextCursor ?? undefined, 1)).toEqual([3]);
    expect(pageOf(list, rows, 4, (r) => [r.n]).meta.page.nextCursor).toBeNull();
  });
});

describe("idempotency fingerprint", () => {
  it("ignores JSON key order and whitespace but not values, methods or paths", () => {
    const a = requestFingerprint("POST", "/api/clients/v1", '{"a":1,"b":{"c":2,"d":3}}');
    expect(requestFingerprint("POST", "/api/clients/v1", '{ "b": {"d":3, "c":2}, "a": 1 }')).toBe(a);
    expect(requestFingerprint("POST", "/api/clients/v1", '{"a":2,"b":{"c":2,"d":3}}')).not.toBe(a);
    expect(requestFingerprint("POST", "/api/other", '{"a":1,"b":{"c":2,"d":3}}')).not.toBe(a);
  });
});

describe("log redaction", () => {
  it("drops secrets by key and by shape", () => {
    const out = redact({
      authorization: "Bearer x",
      state: "abc",
      code: "xyz",
      note: "token ll_pat_abcdefghijklmnop and iban BE71096123456769",
      nested: { password: "p", ok: 1 },
      cause: { detail: "Failing row contains (…, Jane Doe, …)", severity: "ERROR" },
    }) as Record<string, unknown>;
    expect(out.authorization).toBe("[redacted]");
    expect(out.state).toBe("[redacted]");
    expect(out.code).toBe("[redacted]");
    expect(out.note).toBe("token [redacted] and iban [redacted]");
    expect(out.nested).toEqual({ password: "[redacted]", ok: 1 });
    expect(out.cause).toEqual({ detail: "[redacted]", severity: "ERROR" });
  });
});

describe("roles", () => {
  it("viewers read, members write, only admins manage people, keys and default profiles", () => {
    expect(hasCapability("viewer", "clients.read")).toBe(true);
    expect(hasCapability("viewer", "clients.write")).toBe(false);
    expect(hasCapability("member", "clients.write")).toBe(true);
    expect(hasCapability("member", "tokens.manage")).toBe(false);
    expect(hasCapability("member", "profiles.write_default")).toBe(false);
    expect(hasCapability("admin", "members.manage")).toBe(true);
  });
});
