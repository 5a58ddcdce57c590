// The caller behind trusted proxies, as X-Forwarded-For names it. Each proxy appends the address it
// saw, so the hops are read from the right: the first one that is not itself a trusted proxy is the
// caller; anything left of it was written by the caller and proves nothing. One rule for the rate
// limiter (lib/api/rate-limit.ts) and the local-caller check of the HTTP layer (lib/server/local-caller.ts).

/** The rightmost hop that is not a trusted proxy, or null when there is none. */
export function forwardedCaller(forwardedFor: string | null | undefined, proxies: readonly string[]): string | null {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i -= 1) if (!proxies.includes(hops[i])) return hops[i];
  return null;
}
