// Reads the Auth.js session straight from its cookie (a JWE signed with AUTH_SECRET), so the
// route kernel works the same in `next start`, in tests and in scripts, with no request context.
import "server-only";
import { decode } from "next-auth/jwt";
import { authSecret } from "@/lib/env";
import { readCookies } from "@/lib/server/cookies";

const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

/** Returns the user id of a valid session cookie, or null. Large sessions are split in chunks `.0`, `.1`, … */
export async function sessionUserId(cookieHeader: string | null): Promise<string | null> {
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
      if (token && typeof token.sub === "string") return token.sub;
    } catch {
      return null;
    }
  }
  return null;
}
