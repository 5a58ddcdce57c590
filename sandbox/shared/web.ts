// What the local fake banks (Enable Banking's, GoCardless's) share: their hosted page, path and body parsing.
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A full page; `brand` names the fake in its header line, `body` is trusted HTML. */
export function fakeBankPage(brand: string, status: number, title: string, body: string): Response {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
fieldset{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}label{display:block;margin:.4rem 0}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem;border-radius:.375rem;border:1px solid #374151;background:#fff}
button[value=approve]{background:#1d4ed8;color:#fff;border-color:#1d4ed8}small{color:#4b5563}</style></head>
<body><p><small>${escapeHtml(brand)} (local fake) · simulated bank</small></p>${body}</body></html>`;
  return new Response(page, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/** A request's JSON object body, or {} when it has none or another shape. */
export async function jsonBodyOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = await request.json();
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The path under the fake's prefix, split and decoded: [area, ...parts], or null outside it. */
export function fakePathOf(url: URL, prefix: string): string[] | null {
  if (!url.pathname.startsWith(`${prefix}/`)) return null;
  return url.pathname
    .slice(prefix.length + 1)
    .split("/")
    .map(decodeURIComponent);
}
