// Reads a request body with a cap (BODY_LIMIT_BYTES, 1 MiB by default). A declared Content-Length
// over the cap is refused before a byte is read; a body without one (chunked) is counted while it
// streams and refused as soon as it passes the cap. Either way nothing is parsed, and the rest of
// the upload is never pulled: the reader lets go without cancelling, so the socket stays usable for
// the 413 answer (cancelling would destroy the socket under Node's stream adapter).
import { ApiError } from "@/lib/errors";
import { env } from "@/lib/env";

export function bodyLimitBytes(): number {
  return env.BODY_LIMIT_BYTES;
}

const payloadTooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The request body is larger than ${limit} bytes; send less.`, {
    headers: { connection: "close" },
  });

export async function readBodyText(request: Request, limit = bodyLimitBytes()): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
