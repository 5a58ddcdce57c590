// Reads the Auth.js session straight from its cookie (a JWE signed with AUTH_SECRET), so the
// route kernel works the same in `next start`, in tests and in scripts, with no request context.
import "server-only";
import { decode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/secret";

const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

function readCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    jar.set(part.slice(0, at).trim(), decodeCookieValue(part.slice(at + 1).trim()));
  }
  return jar;
}

// Cookies are whatever the client sends: broken percent-encoding (`%zz`) makes decodeURIComponent
// throw, which must mean "no session" (401), not a 500. The raw value is kept; it then fails to
// decrypt like any other forged cookie.
function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

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
