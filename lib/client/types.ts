// Hand-written API types (a later issue generates these from the OpenAPI document).

export type Role = "admin" | "member" | "viewer";
export type AppTokenKind = "api_key" | "connector_app" | "delegated_agent";
export type TokenKind = "personal" | "access" | "refresh" | AppTokenKind;
export type ExpiryDays = 7 | 30 | 90 | 365;
export type ClientType = "company" | "sole_trader" | "individual" | "non_profit" | "public_body";

export type ErrorCode =
  | "bad_request"
  | "scope_missing"
  | "unauthenticated"
  | "forbidden"
  | "user_context_required"
  | "not_found"
  | "method_not_allowed"
  | "conflict"
  | "validation_failed"
  | "rate_limited"
  | "server_error"
  | "bad_gateway"
  | "service_unavailable";

export type FieldErrors = Record<string, string[]>;

export type Meta = { requestId: string };
export type PageMeta = Meta & { page: { perPage: number; nextCursor: string | null } };
export type Envelope<T, M extends Meta = Meta> = { data: T; meta: M };
export type ErrorEnvelope = { error: { code: ErrorCode; message: string; details?: FieldErrors }; meta: Meta };

export type User = { id: string; email: string; name: string; createdAt: string };
export type Me = { kind: "user"; user: User };

export type Scope = { scopeId: string; name: string; role: Role; canManage: boolean; createdAt: string };

export type Member = { userId: string; email: string; name: string; role: Role; joinedAt: string };

export type TokenRecord = {
  id: string;
  name: string;
  kind: TokenKind;
  prefix: string;
  role: Role | null;
  scopeId: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
/** A freshly created token: the only time the secret is returned. */
export type CreatedToken = TokenRecord & { token: string };

export type Client = { id: string; type: ClientType; displayName: string; countryCode: string; createdAt: string };
export type Page<T> = { items: T[]; nextCursor: string | null };

export type SignUpInput = { email: string; password: string; name: string };
export type SignUpResult = { user: User; scope: Scope };
export type CreateScopeInput = { name: string };
export type AddMemberInput = { email: string; role: Role };
export type UpdateMemberInput = { role: Role };
export type CreatePersonalTokenInput = { name: string; expiresInDays: ExpiryDays | null };
export type CreateApiKeyInput = {
  name: string;
  kind: AppTokenKind;
  role: "member" | "viewer";
  expiresInDays?: ExpiryDays | null;
};
export type ListClientsInput = { perPage?: number; cursor?: string | null; search?: string };
export type CreateClientInput = { type: ClientType; displayName: string; countryCode: string };
