import { generateKeyPairSync } from "node:crypto";
import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { bankErrorOf } from "@/lib/banking/errors";
import { providerErrorOf, signToken, TOKEN_TTL_SECONDS } from "@/lib/banking/enablebanking/api";
import { errorAnswer } from "@/testing/support/banking/error-answer";

describe("Enable Banking HTTP layer", () => {
  it("signs an RS256 JWT with kid = application id, Enable Banking's iss/aud and a short expiry", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const now = Math.floor(Date.now() / 1000);
    const token = await signToken({ appId: "app-123", privateKey }, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "RS256", typ: "JWT", kid: "app-123" });
    const { payload } = await jwtVerify(token, publicKey, {
      issuer: "enablebanking.com",
      audience: "api.enablebanking.com",
    });
    expect(payload.iat).toBe(now);
    expect(payload.exp).toBe(now + TOKEN_TTL_SECONDS);
    expect(TOKEN_TTL_SECONDS).toBeLessThanOrEqual(24 * 3600);
  });

  it("classifies faults by the kinds the sync engine handles", () => {
    const kind = (status: number, error?: string, retryAfter: string | null = null) => {
      const headers: Record<string, string> = retryAfter === null ? {} : { "retry-after": retryAfter };
      const e = bankErrorOf(providerErrorOf(errorAnswer(status, { message: "m", error }, headers)));
      return [e?.code, e?.retryAfterSeconds];
    };
    expect(kind(429, undefined, "7")).toEqual(["rate_limited", 7]);
    expect(kind(422, "ASPSP_RATE_LIMIT_EXCEEDED")).toEqual(["rate_limited", null]);
    expect(kind(500)).toEqual(["unavailable", null]);
    expect(kind(503)).toEqual(["unavailable", null]);
    expect(kind(408)).toEqual(["unavailable", null]);
    expect(kind(401, "EXPIRED_SESSION")).toEqual(["consent_invalid", null]);
    expect(kind(401, "REVOKED_SESSION")).toEqual(["consent_invalid", null]);
    expect(kind(403)).toEqual(["consent_invalid", null]);
    // Our application's credentials refused: ending the person's consent would not help.
    expect(kind(401, "UNAUTHORIZED_ACCESS")).toEqual(["rejected", null]);
    expect(kind(404, "ACCOUNT_DOES_NOT_EXIST")).toEqual(["not_found", null]);
    expect(kind(422, "WRONG_REQUEST_PARAMETERS")).toEqual(["rejected", null]);
    expect(
      bankErrorOf(providerErrorOf(errorAnswer(401, { message: "Session expired", error: "EXPIRED_SESSION" })))
        ?.bankCode,
    ).toBe("EXPIRED_SESSION");
  });
});
