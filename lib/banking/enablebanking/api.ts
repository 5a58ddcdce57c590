// HTTP to Enable Banking: every call carries a JWT the application signs itself (RS256, header
// `kid` = application id; no token endpoint), a timeout, and every failure (network, HTTP status,
// malformed body) becomes a ProviderError. Tokens and the key are never logged.
import type { KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import { z } from "zod";
import { ProviderError, type ProviderErrorCode } from "@/lib/banking/errors";
import { bankDateOf } from "@/lib/banking/nextgenpsd2/transform";

export type EbConfig = {
  apiUrl: string;
  appId: string;
  privateKey: KeyObject;
  fetchImpl?: typeof fetch;
};

export type EbRequest = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: Record<string, string | null | undefined>;
  headers?: Record<string, string | null>;
  body?: unknown;
};

export type EbResponse<T> = { body: T; bankDate: string };

const TIMEOUT_MS = 15_000;
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

const ErrorBody = z.object({ message: z.string().optional(), error: z.string().optional() }).passthrough();

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

export function retryAfterOf(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** HTTP status + Enable Banking's ErrorResponse → the error kinds the sync engine handles. */
export function providerErrorOf(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
  bankDate: string | null = null,
): ProviderError {
  const parsed = ErrorBody.safeParse(body);
  const bankCode = parsed.success ? (parsed.data.error ?? null) : null;
  const text = (parsed.success && parsed.data.message) || `Enable Banking answered HTTP ${status}`;
  const options = { status, bankCode, bankDate, retryAfterSeconds: retryAfterOf(retryAfterHeader) };
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

export type EbClient = <S extends z.ZodType>(request: EbRequest, schema: S | null) => Promise<EbResponse<z.infer<S>>>;

export function createEbClient(config: EbConfig): EbClient {
  let token: { value: string; renewAt: number } | null = null;
  const bearer = async () => {
    const now = Math.floor(Date.now() / 1000);
    if (!token || now >= token.renewAt) {
      token = { value: await signToken(config, now), renewAt: now + TOKEN_TTL_SECONDS - RENEW_BEFORE_SECONDS };
    }
    return token.value;
  };
  const base = config.apiUrl.replace(/\/$/, "");

  return async function call<S extends z.ZodType>(
    request: EbRequest,
    schema: S | null,
  ): Promise<EbResponse<z.infer<S>>> {
    const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${await bearer()}` };
    for (const [k, v] of Object.entries(request.headers ?? {})) if (v !== null) headers[k] = v;
    if (request.body !== undefined) headers["content-type"] = "application/json";
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(request.query ?? {})) if (v !== null && v !== undefined) query.set(k, v);
    const url = `${base}${request.path}${query.size ? `?${query}` : ""}`;

    let response: Response;
    try {
      response = await (config.fetchImpl ?? fetch)(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        redirect: "manual",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderError("unavailable", "Enable Banking could not be reached.", { cause: error });
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const dateHeader = response.headers.get("date");
    if (!response.ok)
      throw providerErrorOf(
        response.status,
        body,
        response.headers.get("retry-after"),
        dateHeader ? bankDateOf(dateHeader) : null,
      );
    const bankDate = bankDateOf(dateHeader);
    if (!schema) return { body: body as z.infer<S>, bankDate };
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ProviderError("unknown", "Enable Banking's answer did not have the expected shape.", {
        status: response.status,
        cause: parsed.error,
      });
    }
    return { body: parsed.data, bankDate };
  };
}
