// The request layer's upload routes and how large their file may be: constants only, so the HTTP
// server's early body-size refusal (lib/server/http-server.ts, outside the app's bundle), the routes
// and the import verb (lib/statements/import) read the same figures.

/** The largest statement file taken: a year of a busy account's camt.053 is well under it. */
export const MAX_STATEMENT_BYTES = 256 * 2 ** 20;
/** MT940 and CSV are read whole (they are small in practice); larger ones are refused at once. */
export const MAX_WHOLE_READ_BYTES = 32 * 2 ** 20;

/** The request paths whose body is a statement file (POST), with their own cap instead of BODY_LIMIT_BYTES. */
export const UPLOAD_PATHS: readonly { pattern: RegExp; maxBytes: number }[] = [
  { pattern: /^\/api\/accounttracking\/v1\/accounts\/[^/]+\/statements\/?(\?.*)?$/, maxBytes: MAX_STATEMENT_BYTES },
];

/** The body cap of a request: an upload route's own, else `otherwise`. */
export function bodyCapFor(method: string | undefined, url: string | undefined, otherwise: number): number {
  if (method !== "POST" || !url) return otherwise;
  return UPLOAD_PATHS.find((p) => p.pattern.test(url))?.maxBytes ?? otherwise;
}
