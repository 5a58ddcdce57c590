// Where sign-in sends a person afterwards: the page they asked for (path and query), only when it is a
// path of this site. Anything that a browser could read as another origin (`//host`, `/\host`, a
// scheme, control characters) or that leads back to signing in falls back to the dashboard.

const AUTH_PAGES = /^\/(signin|signup|setup|invite|reset-password)(\/|\?|#|$)/;

const hasControl = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** `next` when it is a same-site path that is not an auth page; else `fallback`. */
export function safeNext(next: string | null | undefined, fallback = "/dashboard"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.includes("\\") || hasControl(next))
    return fallback;
  const base = "http://ledgerlink.invalid";
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base || AUTH_PAGES.test(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The sign-in page that brings the person back to `requested` (the path and query a signed-out
 * request asked for), without the router's own parameters.
 */
export function signInFor(requested: string | null | undefined): string {
  const next = requested && safeNext(requested, "");
  if (!next) return "/signin";
  const url = new URL(next, "http://ledgerlink.invalid");
  url.searchParams.delete("_rsc");
  const path = `${url.pathname}${url.search}`;
  return path === "/" || path === "/dashboard" ? "/signin" : `/signin?next=${encodeURIComponent(path)}`;
}
