// Typed client for the Ledgerlink API: envelopes, X-Scope, Idempotency-Key and retries in one place.
import { ApiCallError } from "@/lib/client/errors";
import { sendWithRetry, type RetryOptions } from "@/lib/client/retry";
import type { z } from "zod";
import type { CreateClientBody, ListClientsQuery } from "@/lib/clients/schemas";
import type { CreateApiKeyBody, CreatePersonalTokenBody, SetupBody, SignUpBody } from "@/lib/identity/schemas";
import type { errorEnvelope, MetaSchema, PageMetaSchema } from "@/lib/openapi/schemas/common";
import type * as schemas from "@/lib/openapi/schemas/platform";
import type { AddMemberBody, CreateScopeBody, UpdateMemberBody } from "@/lib/scopes/schemas";

// The API's shapes, inferred from the schemas its routes declare (one definition, no copies).
export type Meta = z.output<typeof MetaSchema>;
export type PageMeta = z.output<typeof PageMetaSchema>;
export type Envelope<T, M extends Meta = Meta> = { data: T; meta: M };
type ErrorEnvelope = z.output<ReturnType<typeof errorEnvelope>>;
/** A page as the hooks keep it. */
export type Page<T> = { items: T[]; nextCursor: string | null };
type Me = z.output<typeof schemas.MeSchema>;
export type Scope = z.output<typeof schemas.ScopeSchema>;
export type Role = Scope["role"];
export type Member = z.output<typeof schemas.MemberSchema>;
export type TokenRecord = z.output<typeof schemas.TokenRecordSchema>;
export type CreatedToken = z.output<typeof schemas.CreatedTokenSchema>;
export type Client = z.output<typeof schemas.ClientSchema>;
export type ClientType = Client["type"];
type SignUpInput = z.input<typeof SignUpBody>;
type SetupInput = z.input<typeof SetupBody>;
type SignUpResult = z.output<typeof schemas.SignUpResultSchema>;
export type CreateScopeInput = z.input<typeof CreateScopeBody>;
export type AddMemberInput = z.input<typeof AddMemberBody>;
type UpdateMemberInput = z.input<typeof UpdateMemberBody>;
export type CreatePersonalTokenInput = z.input<typeof CreatePersonalTokenBody>;
export type ExpiryDays = NonNullable<CreatePersonalTokenInput["expiresInDays"]>;
export type CreateApiKeyInput = z.input<typeof CreateApiKeyBody>;
export type AppTokenKind = CreateApiKeyInput["kind"];
export type CreateClientInput = z.input<typeof CreateClientBody>;
type ListClientsInput = Partial<Pick<z.output<typeof ListClientsQuery>, "perPage" | "search">> & {
  cursor?: string | null;
};

type ApiClientOptions = {
  /** Origin of the API; "" (default) means same origin, as in the browser. */
  baseUrl?: string;
  /** Bearer token; omit in the browser, where the Auth.js session cookie is sent. */
  token?: string;
  /** Current scope for scoped calls (sent as X-Scope). */
  scopeId?: () => string | null;
  fetch?: typeof fetch;
  retry?: RetryOptions;
};

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type CallOptions = {
  scoped?: boolean;
  body?: unknown;
  query?: Record<string, string | number | null | undefined>;
};
/** Per-call options for POSTs: reuse a key of your own instead of a generated one. */
export type PostOptions = { idempotencyKey?: string };
/**
 * A body sent as it is (a statement file), not as JSON. A Blob (a File is one), not a stream: a
 * retry sends the same bytes again, which a consumed stream could not.
 */
export type RawBody = { bytes: Blob; contentType: string };
/** An answer's data with its status, for a caller that tells one success from another (200 from 202). */
export type Answered<T> = { status: number; data: T };

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

function queryString(query: CallOptions["query"]): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === "object" && body !== null && "error" in body;
}

/** The error a failed answer stands for: the envelope's code, message and details when it has one. */
export async function apiCallErrorOf(response: Response): Promise<ApiCallError> {
  const body = await readJson(response);
  const retryAfter = Number(response.headers.get("retry-after"));
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  if (isErrorEnvelope(body)) {
    return new ApiCallError({
      status: response.status,
      code: body.error.code,
      message: body.error.message,
      details: body.error.details,
      requestId: body.meta?.requestId,
      retryAfterSeconds,
    });
  }
  return new ApiCallError({
    status: response.status,
    code: response.status >= 500 ? "server_error" : "bad_request",
    message: `The server answered ${response.status} ${response.statusText}`.trim(),
    requestId: response.headers.get("x-request-id") ?? undefined,
    retryAfterSeconds,
  });
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = (options.baseUrl ?? "").replace(/\/+$/, "");
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  /** One exchange: headers, scope, key and retries; a non-2xx answer is thrown as an ApiCallError. */
  async function exchange<T, M extends Meta = Meta>(
    method: Method,
    path: string,
    call: CallOptions & PostOptions & { raw?: RawBody } = {},
  ): Promise<{ status: number; body: Envelope<T, M> }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (call.scoped) {
      const scopeId = options.scopeId?.() ?? null;
      if (!scopeId) {
        throw new ApiCallError({ status: 400, code: "scope_missing", message: "Choose a scope first." });
      }
      headers["x-scope"] = scopeId;
    }
    if (call.raw) headers["content-type"] = call.raw.contentType;
    else if (call.body !== undefined) headers["content-type"] = "application/json";
    // One key per logical POST, reused by every retry of it: the server replays instead of repeating.
    if (method === "POST") headers["idempotency-key"] = call.idempotencyKey ?? newIdempotencyKey();

    const url = `${baseUrl}${path}${queryString(call.query)}`;
    const init: RequestInit = {
      method,
      headers,
      body: call.raw ? call.raw.bytes : call.body === undefined ? undefined : JSON.stringify(call.body),
      credentials: "same-origin",
    };
    let response: Response;
    try {
      response = await sendWithRetry(() => doFetch(url, init), method, options.retry);
    } catch (cause) {
      throw new ApiCallError({
        status: 0,
        code: "network_error",
        message: "Could not reach Ledgerlink. Check your connection and try again.",
        cause,
      });
    }
    if (!response.ok) throw await apiCallErrorOf(response);
    const { status } = response;
    if (status === 204) return { status, body: { data: undefined as T, meta: { requestId: "" } as M } };
    const body = (await readJson(response)) as Envelope<T, M> | undefined;
    if (!body || !("data" in body)) {
      throw new ApiCallError({ status, code: "server_error", message: "The server sent no data." });
    }
    return { status, body };
  }

  const call = async <T, M extends Meta = Meta>(
    method: Method,
    path: string,
    options: CallOptions & PostOptions = {},
  ): Promise<Envelope<T, M>> => (await exchange<T, M>(method, path, options)).body;

  const data = async <T>(promise: Promise<Envelope<T>>): Promise<T> => (await promise).data;

  /** One page of a list (a GET): its items, and the cursor of the next page (null on the last). */
  const page = async <T>(path: string, options: CallOptions = {}): Promise<Page<T>> => {
    const { data: items, meta } = await call<T[], PageMeta>("GET", path, options);
    return { items, nextCursor: meta.page?.nextCursor ?? null };
  };

  /** Calls in the current scope (X-Scope), answered with their data: most domain operations. */
  const scoped = {
    get: <T>(path: string, query?: CallOptions["query"]) => data(call<T>("GET", path, { scoped: true, query })),
    send: <T>(method: Exclude<Method, "GET">, path: string, body?: unknown, post?: PostOptions) =>
      data(call<T>(method, path, { scoped: true, body, ...post })),
    page: <T>(path: string, query?: CallOptions["query"]) => page<T>(path, { scoped: true, query }),
    /** A POST whose body is a file's bytes, in the current scope; answered with its status and data. */
    sendRaw: async <T>(path: string, raw: RawBody, query?: CallOptions["query"], post?: PostOptions) => {
      const { status, body } = await exchange<T>("POST", path, { scoped: true, raw, query, ...post });
      return { status, data: body.data } satisfies Answered<T>;
    },
  };

  return {
    /** The generic call, for domain modules that add their operations in files of their own. */
    request: call,
    data,
    page,
    scoped,
    // Identity
    me: () => data(call<Me>("GET", "/api/auth/v1/me")),
    changePassword: async (input: { currentPassword: string; newPassword: string }): Promise<void> => {
      await call<undefined>("PUT", "/api/auth/v1/me/password", { body: input });
    },
    signOutEverywhere: async (): Promise<void> => {
      await call<undefined>("POST", "/api/auth/v1/me/sign-out-everywhere");
    },
    requestPasswordReset: async (input: { email: string }): Promise<void> => {
      await call<unknown>("POST", "/api/auth/v1/password-reset", { body: input });
    },
    resetPassword: async (input: { token: string; newPassword: string }): Promise<void> => {
      await call<undefined>("POST", "/api/auth/v1/password-reset/confirm", { body: input });
    },
    signUp: (input: SignUpInput, post?: PostOptions) =>
      data(call<SignUpResult>("POST", "/api/auth/v1/sign-up", { body: input, ...post })),
    acceptInvite: (input: { token: string; name: string; password: string }) =>
      data(call<SignUpResult>("POST", "/api/auth/v1/invites/accept", { body: input })),
    createInvite: (input: { email: string; role: "member" | "viewer" }, post?: PostOptions) =>
      scoped.send<{ id: string; email: string; role: string; expiresAt: string; link: string }>(
        "POST",
        "/api/auth/v1/invites",
        input,
        post,
      ),
    redeemSetupLink: (input: SetupInput) => data(call<SignUpResult>("POST", "/api/auth/v1/setup", { body: input })),

    // Scopes and members
    listScopes: () => data(call<Scope[]>("GET", "/api/scopes/v1")),
    createScope: (input: CreateScopeInput, post?: PostOptions) =>
      data(call<Scope>("POST", "/api/scopes/v1", { body: input, ...post })),
    listMembers: () => scoped.get<Member[]>("/api/scopes/v1/members"),
    addMember: (input: AddMemberInput, post?: PostOptions) =>
      scoped.send<Member>("POST", "/api/scopes/v1/members", input, post),
    updateMember: (userId: string, input: UpdateMemberInput) =>
      scoped.send<Member>("PATCH", `/api/scopes/v1/members/${encodeURIComponent(userId)}`, input),
    removeMember: async (userId: string): Promise<void> => {
      await scoped.send<undefined>("DELETE", `/api/scopes/v1/members/${encodeURIComponent(userId)}`);
    },

    // Personal access tokens
    listPersonalTokens: () => data(call<TokenRecord[]>("GET", "/api/auth/v1/personal-tokens")),
    createPersonalToken: (input: CreatePersonalTokenInput, post?: PostOptions) =>
      data(call<CreatedToken>("POST", "/api/auth/v1/personal-tokens", { body: input, ...post })),
    revokePersonalToken: async (id: string): Promise<void> => {
      await call<unknown>("DELETE", `/api/auth/v1/personal-tokens/${encodeURIComponent(id)}`);
    },

    // App tokens (API keys) of the current scope
    listApiKeys: () => scoped.get<TokenRecord[]>("/api/auth/v1/api-keys"),
    createApiKey: (input: CreateApiKeyInput, post?: PostOptions) =>
      scoped.send<CreatedToken>("POST", "/api/auth/v1/api-keys", input, post),
    revokeApiKey: async (id: string): Promise<void> => {
      await scoped.send<unknown>("DELETE", `/api/auth/v1/api-keys/${encodeURIComponent(id)}`);
    },

    // Clients
    listClients: (input: ListClientsInput = {}) =>
      scoped.page<Client>("/api/clients/v1", {
        perPage: input.perPage,
        cursor: input.cursor,
        search: input.search?.trim(),
      }),
    createClient: (input: CreateClientInput, post?: PostOptions) =>
      scoped.send<Client>("POST", "/api/clients/v1", input, post),
    getClient: (id: string) => scoped.get<Client>(`/api/clients/v1/${encodeURIComponent(id)}`),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
