// A request body read chunk by chunk under a byte cap, for a body parsed whole (lib/api/body.ts) and
// a file streamed to its handler (lib/api/upload.ts). A declared Content-Length over the cap is
// refused before a byte is read; a body without one (chunked) is counted while it streams and
// refused as soon as it passes the cap. The rest of the upload is never pulled: the reader lets go
// without cancelling, so the socket stays usable for the 413 answer (cancelling would destroy the
// socket under Node's stream adapter).
import type { ApiError } from "@/lib/errors";

/**
 * Passes the body's chunks to `sink` in order and answers the byte count. A declared Content-Length
 * over `limit`, or the bytes read passing it, throws `tooLarge()`: a parsed body (lib/api/body.ts)
 * and a streamed upload (lib/api/upload.ts) each refuse in their own words.
 */
export async function streamBody(
  request: Request,
  limit: number,
  tooLarge: () => ApiError,
  sink: (chunk: Uint8Array) => void | Promise<void>,
): Promise<number> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  let total = 0;
  if (!request.body) return total;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      throw tooLarge();
    }
    await sink(value);
  }
  return total;
}
