// A file sent as a request's body (routes declaring `upload`): streamed chunk by chunk to the
// handler's sink, never held whole, and refused with 413 as soon as it passes the route's cap (a
// declared Content-Length over it is refused before a byte is read). Read by lib/api/stream-body.ts,
// whose reader lets go without cancelling, so the socket stays usable for the 413 answer.
import { streamBody } from "@/lib/api/stream-body";
import { ApiError } from "@/lib/errors";

const tooLarge = (limit: number) =>
  new ApiError("payload_too_large", `The file is larger than ${limit} bytes; split it, or send a shorter period.`, {
    headers: { connection: "close" },
  });

/** Passes the body's chunks to `sink` in order; answers the byte count. An empty body is a 422. */
export async function streamUpload(
  request: Request,
  maxBytes: number,
  sink: (chunk: Uint8Array) => Promise<void>,
): Promise<number> {
  const total = await streamBody(request, maxBytes, () => tooLarge(maxBytes), sink);
  if (total === 0)
    throw new ApiError("validation_failed", "The request carried no file; send the statement file as the body.", {
      details: { body: ["Send the file's bytes as the request body."] },
    });
  return total;
}
