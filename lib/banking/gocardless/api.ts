// HTTP to GoCardless Bank Account Data (API v2): an access token from the secret id/key pair
// (POST /api/v2/token/new/), renewed through its refresh token (POST /api/v2/token/refresh/) before
// it expires, and fetched anew when the API calls it invalid. Every failure becomes a ProviderError
// of the kinds the sync engine handles. The secrets and tokens are never logged.
import { z } from "zod";
import { ProviderError, type ProviderErrorCode } from "@/lib/provider-errors";
import { bodyOf, retryAfterOf, sendJson, urlOf, type ErrorAnswer } from "@/lib/banking/http-json";
import { log } from "@/lib/log";

export type GcConfig = {
  apiUrl: string;
  secretId: string;
  secretKey: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
};

type GcRequest = {
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: Record<string, string | null | undefined>;
  body?: unknown;
};

type GcResponse<T> = { body: T; bankDate: string };

/** Renew this long before the bank's stated expiry, so no call carries a token about to lapse. */
const RENEW_BEFORE_SECONDS = 60;

const TokenPair = z.object({
  access: z.string().min(1),
  access_expires: z.int().positive(),
  refresh: z.string().min(1),
  refresh_expires: z.int().positive(),
});
const TokenRefreshed = z.object({ access: z.string().min(1), access_expires: z.int().positive() });

const ErrorBody = z.looseObject({
  summary: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
});

/** 401/403 answers that mean the person's access (the requisition and its agreement) has ended. */
const ACCESS_ENDED = new Set(["AccessExpiredError", "AccountInactiveError", "AccountAccessForbidden"]);
const ACCESS_ENDED_SUMMARIES = [/no valid end user agreement/i, /account suspended/i];

/**
 * Seconds to wait on a 429: the Retry-After header when sent, else the window reset GoCardless
 * reports in its rate-limit headers (the per-account one for account data, which is the limit an
 * institution's daily cap shows up in), else the "try again in N seconds" of its message. The
 * headers come as `X-RateLimit-…` or, as GoCardless documents them, `HTTP_X_RATELIMIT_…`.
 */
export function rateLimitWaitOf(headers: Headers, detail: string | null): number | null {
  const header = (name: string) =>
    headers.get(`x-ratelimit-${name}`) ?? headers.get(`http_x_ratelimit_${name.replace(/-/g, "_")}`);
  const seconds = (value: string | null) => (value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : null);
  const retryAfter = retryAfterOf(headers.get("retry-after"));
  if (retryAfter !== null) return retryAfter;
  const accountRemaining = seconds(header("account-success-remaining"));
  const accountReset = seconds(header("account-success-reset"));
  if (accountReset !== null && (accountRemaining === 0 || accountRemaining === null)) return accountReset;
  const reset = seconds(header("reset"));
  if (reset !== null) return reset;
  const inText = detail ? /try again in (\d+) seconds/i.exec(detail) : null;
  return inText ? Number(inText[1]) : null;
}

/** HTTP status + GoCardless's ErrorResponse → the error kinds the sync engine handles. */
export function providerErrorOf(answer: ErrorAnswer): ProviderError {
  const { status } = answer;
  const parsed = ErrorBody.safeParse(answer.body);
  const body = parsed.success ? parsed.data : {};
  const text = [body.summary, body.detail].filter(Boolean).join(": ") || `GoCardless answered HTTP ${status}`;
  const bankCode = body.type ?? body.summary ?? null;
  const options = {
    status,
    bankCode,
    bankDate: answer.bankDate,
    retryAfterSeconds: status === 429 ? rateLimitWaitOf(answer.headers, body.detail ?? null) : null,
  };
  const ended = (body.type && ACCESS_ENDED.has(body.type)) || ACCESS_ENDED_SUMMARIES.some((re) => re.test(text));
  const code = ((): ProviderErrorCode => {
    if (status === 429) return "rate_limited";
    if (status >= 500) return "unavailable";
    if (ended && (status === 401 || status === 403 || status === 409)) return "consent_invalid";
    // The account is being processed or in an error state at GoCardless (AccountStateError): later.
    if (status === 409) return "unavailable";
    // Anything else refused with 401/403 concerns our credentials, IP or the agreement's scope: an
    // operator must act; ending the person's consent would not help.
    if (status === 401 || status === 403 || status === 400 || status === 402) return "rejected";
    if (status === 404) return "not_found";
    return "unknown";
  })();
  return new ProviderError(code, text, options);
}

type GcClient = <S extends z.ZodType>(request: GcRequest, schema: S | null) => Promise<GcResponse<z.infer<S>>>;

type Tokens = { access: string; accessUntil: number; refresh: string; refreshUntil: number };

export function createGcClient(config: GcConfig): GcClient {
  const nowSeconds = () => Math.floor((config.now ?? Date.now)() / 1000);
  const send = (request: GcRequest, access: string | null) =>
    sendJson(
      {
        method: request.method,
        url: urlOf(config.apiUrl, request.path, request.query),
        headers: { authorization: access ? `Bearer ${access}` : null },
        body: request.body,
      },
      { who: "GoCardless", fetchImpl: config.fetchImpl },
    );
  const expect = async <S extends z.ZodType>(request: GcRequest, schema: S) => {
    const answer = await send(request, null);
    return bodyOf(answer, schema, "GoCardless's token answer", providerErrorOf).body;
  };

  let tokens: Tokens | null = null;
  let pending: Promise<string> | null = null;
  const obtain = async (): Promise<string> => {
    const now = nowSeconds();
    if (tokens && now < tokens.refreshUntil) {
      try {
        const body = { refresh: tokens.refresh };
        const fresh = await expect({ method: "POST", path: "/api/v2/token/refresh/", body }, TokenRefreshed);
        tokens = { ...tokens, access: fresh.access, accessUntil: now + fresh.access_expires - RENEW_BEFORE_SECONDS };
        return tokens.access;
      } catch (error) {
        // A refused (or unanswered) refresh: start over with the secrets; if GoCardless is down, that
        // request fails too and its error reaches the caller.
        log.info("GoCardless did not refresh the access token; a new one is asked for", { error });
        tokens = null;
      }
    }
    const body = { secret_id: config.secretId, secret_key: config.secretKey };
    const pair = await expect({ method: "POST", path: "/api/v2/token/new/", body }, TokenPair);
    tokens = {
      access: pair.access,
      accessUntil: now + pair.access_expires - RENEW_BEFORE_SECONDS,
      refresh: pair.refresh,
      refreshUntil: now + pair.refresh_expires - RENEW_BEFORE_SECONDS,
    };
    return tokens.access;
  };
  /** One token request at a time, however many calls need one. */
  const access = (): Promise<string> => {
    if (tokens && nowSeconds() < tokens.accessUntil) return Promise.resolve(tokens.access);
    pending ??= obtain().finally(() => (pending = null));
    return pending;
  };

  return async function call<S extends z.ZodType>(
    request: GcRequest,
    schema: S | null,
  ): Promise<GcResponse<z.infer<S>>> {
    let answer = await send(request, await access());
    // A 401 without a type is about our token (invalid or expired early): one new token, one retry.
    if (answer.status === 401 && !ErrorBody.safeParse(answer.body).data?.type) {
      if (tokens) tokens = { ...tokens, accessUntil: 0 };
      answer = await send(request, await access());
    }
    return bodyOf(answer, schema, "GoCardless's answer", providerErrorOf);
  };
}
