// What password-reset links and invitations share with setup links: a 256-bit secret with a readable
// prefix, carried in the link's fragment (browsers never send it to a server or in a Referer), stored
// only as its SHA-256, and spent by one conditional UPDATE so that two uses racing get one success.
import "server-only";
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { hashToken } from "@/lib/auth/tokens";
import { appUrl } from "@/lib/env";

export type OneTimeSecret = { secret: string; hash: string; expiresAt: Date };

export function newOneTimeSecret(prefix: string, ttlMinutes: number): OneTimeSecret {
  const secret = prefix + randomBytes(32).toString("base64url");
  return { secret, hash: hashToken(secret), expiresAt: new Date(Date.now() + ttlMinutes * 60_000) };
}

/** The app's page for a one-time secret: APP_URL's origin, never the request's Host (a forged Host would aim the link elsewhere). */
export function oneTimeLink(page: string, secret: string): string {
  return `${appUrl()}${page}#${secret}`;
}

export const linkGone = (what: string, next: string) =>
  new ApiError("gone", `This ${what} has already been used or has expired. ${next}`);
