// HTTP to Enable Banking: every call carries a JWT the application signs itself (RS256, header
// `kid` = application id; no token endpoint), a timeout, and every failure (network, HTTP status,
// malformed body) becomes a ProviderError. Tokens and the key are never logged.
import type { KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import { z } from "zod";
import { ProviderError, type ProviderErrorCode } from "@/lib/provider-errors";
import { bodyOf, retryAfterOf, sendJson, urlOf, type ErrorAnswer } from "@/lib/banking/http-json";

export type EbConfig = {
  apiUrl: string;
  appId: string;
  privateKey: KeyObject;
  fetchImpl?: typeof fetch;
};

type EbRequest = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: Record<string, string | null | undefined>;
  headers?: Record<string, string | null>;
  body?: unknown;
};

type EbResponse<T> = { body: T; bankDate: string };

/** Short-lived (the API allows up to 24 h): a leaked token is useful for an hour at most. */
export const TOKEN_TTL_SECONDS = 3600;
const RENEW_BEFORE_SECONDS = 300;

export function signToken(config: Pick<EbConfig, "appId" | "privateKey">, nowSeconds: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "RS256", typ: "JWT", kid: config.appId })
    .setIssuer("enablebanking.com")
    .setAudience("api.enablebanking.com")
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .sign(config.privateKey);
}

const ErrorBody = z.looseObject({ message: z.string().optional(), error: z.string().optional() });

/** Codes that mean the session (our consent) has ended or never existed at Enable Banking. */
const SESSION_ENDED = new Set([
  "EXPIRED_SESSION",
  "REVOKED_SESSION",
  "CLOSED_SESSION",
  "SESSION_DOES_NOT_EXIST",
  "WRONG_SESSION_STATUS",
  "ASPSP_ACCOUNT_NOT_ACCESSIBLE",
]);
/**
 * 401/403 codes about our application (its key, id, IP or services), not the person's consent:
 * ending consents would not help, so they are `rejected` (an operator must fix the configuration).
 */
const APPLICATION_REFUSED = new Set([
  "ACCESS_DENIED",
  "UNAUTHORIZED_ACCESS",
  "AUTHORIZATION_NOT_PROVIDED",
  "UNAUTHORIZED_IP",
  "INVALID_HOST",
  "REDIRECT_URI_NOT_ALLOWED",
]);

/** HTTP status + Enable Banking's ErrorResponse → the error kinds the sync engine handles. */
export function providerErrorOf({ status, body, headers, bankDate }: ErrorAnswer): ProviderError {
  const parsed = ErrorBody.safeParse(body);
  const bankCode = parsed.success ? (parsed.data.error ?? null) : null;
  const text = (parsed.success && parsed.data.message) || `Enable Banking answered HTTP ${status}`;
  const options = { status, bankCode, bankDate, retryAfterSeconds: retryAfterOf(headers.get("retry-after")) };
  const code = ((): ProviderErrorCode => {
    if (status === 429 || bankCode === "ASPSP_RATE_LIMIT_EXCEEDED") return "rate_limited";
    if (status >= 500 || status === 408 || bankCode === "ASPSP_TIMEOUT") return "unavailable";
    if (bankCode && SESSION_ENDED.has(bankCode)) return "consent_invalid";
    if (bankCode && APPLICATION_REFUSED.has(bankCode)) return "rejected";
    if (status === 401 || status === 403) return "consent_invalid";
    if (status === 404) return "not_found";
    if (status === 400 || status === 422) return "rejected";
    return "unknown";
  })();
  return new ProviderError(code, text, options);
}

type EbClient = <S extends z.ZodType>(request: EbRequest, schema: S | null) => Promise<EbResponse<z.infer<S>>>;

export function createEbClient(config: EbConfig): EbClient {
  let token: { value: string; renewAt: number } | null = null;
  const bearer = async () => {
    const now = Math.floor(Date.now() / 1000);
    if (!token || now >= token.renewAt) {
      token = { value: await signToken(config, now), renewAt: now + TOKEN_TTL_SECONDS - RENEW_BEFORE_SECONDS };
    }
    return token.value;
  };

  return async function call<S extends z.ZodType>(
    request: EbRequest,
    schema: S | null,
  ): Promise<EbResponse<z.infer<S>>> {
    const answer = await sendJson(
      {
        method: request.method,
        url: urlOf(config.apiUrl, request.path, request.query),
        headers: { authorization: `Bearer ${await bearer()}`, ...request.headers },
        body: request.body,
      },
      { who: "Enable Banking", fetchImpl: config.fetchImpl },
    );
    return bodyOf(answer, schema, "Enable Banking's answer", providerErrorOf);
  };
}
