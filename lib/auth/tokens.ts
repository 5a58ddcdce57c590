// Bearer secrets: 256 bits from the OS CSPRNG, a readable kind prefix, stored only as SHA-256.
// (High-entropy secrets need a fast hash for lookup, not a password hash.)
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { TokenKind } from "@/lib/generated/prisma/enums";

const TOKEN_PREFIX: Record<TokenKind, string> = {
  personal: "ll_pat_",
  access: "ll_at_",
  refresh: "ll_rt_",
  api_key: "ll_key_",
  connector_app: "ll_app_",
  delegated_agent: "ll_agt_",
};

export const APP_TOKEN_KINDS = ["api_key", "connector_app", "delegated_agent"] as const;
export type AppTokenKind = (typeof APP_TOKEN_KINDS)[number];

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export function isAppTokenKind(kind: TokenKind): kind is AppTokenKind {
  return (APP_TOKEN_KINDS as readonly string[]).includes(kind);
}

export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function newTokenSecret(kind: TokenKind): { secret: string; hash: string; prefix: string } {
  const secret = TOKEN_PREFIX[kind] + randomBytes(32).toString("base64url");
  return { secret, hash: hashToken(secret), prefix: secret.slice(0, TOKEN_PREFIX[kind].length + 4) };
}
