// The request's Cookie header read as names and values, for the session (lib/auth/session.ts) and
// the consent's browser binding (lib/accounttracking/consents). One reader, so both agree on what a
// cookie header says: when a name comes twice, the first counts (RFC 6265 §5.4 sends the cookie of
// the longer path first), and a value is percent-decoded.
import "server-only";

/** Every cookie of a Cookie header, by name. */
export function readCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!jar.has(name)) jar.set(name, decodeCookieValue(part.slice(at + 1).trim()));
  }
  return jar;
}

/** One cookie's value, or null when the header has none of that name. */
export function readCookie(header: string | null, name: string): string | null {
  return readCookies(header).get(name) ?? null;
}

// Cookies are whatever the client sends: broken percent-encoding (`%zz`) makes decodeURIComponent
// throw, which must mean "no session" (401), not a 500. The raw value is kept; it then fails to
// decrypt, or to match, like any other forged cookie.
function decodeCookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
