// Reads the Auth.js session straight from its cookie (a JWE signed with AUTH_SECRET), so the
// route kernel works the same in `next start`, in tests and in scripts, with no request context.
// The cookie carries the credentials generation it was issued under (`gen`, lib/auth/config.ts);
// a cookie from before generations existed counts as generation 0, the one every person starts at.
import "server-only";
import { decode, encode, type JWT } from "next-auth/jwt";
import { authSecret } from "@/lib/env";
import { readCookies } from "@/lib/server/cookies";

const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;
type SessionCookieName = (typeof SESSION_COOKIES)[number];

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export type BrowserSession = { userId: string; generation: number; cookieName: SessionCookieName };

/** The generation a session token was issued under. */
export function generationOf(token: JWT): number {
  return typeof token.gen === "number" && Number.isInteger(token.gen) ? token.gen : 0;
}

/** The session cookie's name and decoded token, or null. Large sessions are split in chunks `.0`, `.1`, … */
async function readSessionToken(cookieHeader: string | null): Promise<{ name: SessionCookieName; token: JWT } | null> {
  const jar = readCookies(cookieHeader);
  for (const name of SESSION_COOKIES) {
    let value = jar.get(name);
    if (value === undefined) {
      const chunks: string[] = [];
      for (let i = 0; jar.has(`${name}.${i}`); i += 1) chunks.push(jar.get(`${name}.${i}`) ?? "");
      value = chunks.length ? chunks.join("") : undefined;
    }
    if (!value) continue;
    try {
      const token = await decode({ token: value, secret: authSecret(), salt: name });
      return token && typeof token.sub === "string" ? { name, token } : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The person and generation of a valid session cookie, or null. */
export async function browserSession(cookieHeader: string | null): Promise<BrowserSession | null> {
  const read = await readSessionToken(cookieHeader);
  return read && typeof read.token.sub === "string"
    ? { userId: read.token.sub, generation: generationOf(read.token), cookieName: read.name }
    : null;
}

/** The response header that deletes an ended session's cookie, so the browser stops sending it. */
export function endedSessionHeaders(cookieName: SessionCookieName): Record<string, string> {
  const secure = cookieName.startsWith("__Secure-") ? "; Secure" : "";
  return { "set-cookie": `${cookieName}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}` };
}

/** Returns the user id of a valid session cookie, or null (whatever its generation). */
export async function sessionUserId(cookieHeader: string | null): Promise<string | null> {
  return (await browserSession(cookieHeader))?.userId ?? null;
}

/**
 * The response headers that move the request's own session to `generation` (a Set-Cookie): the
 * session that changed the password (or signed out everywhere) stays signed in while every other
 * one ends. None when the request carries no session cookie.
 */
export async function reissuedSessionHeaders(
  cookieHeader: string | null,
  generation: number,
): Promise<Record<string, string>> {
  const read = await readSessionToken(cookieHeader);
  if (!read) return {};
  const value = await encode({
    token: { ...read.token, gen: generation },
    secret: authSecret(),
    salt: read.name,
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  const secure = read.name.startsWith("__Secure-") ? "; Secure" : "";
  return {
    "set-cookie": `${read.name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SECONDS}${secure}`,
  };
}
