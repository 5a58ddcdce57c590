// Reads a request body with a cap (BODY_LIMIT_BYTES, 1 MiB by default), counted as it streams
// (lib/api/stream-body.ts): a body over the cap is refused before anything is parsed, and the socket
// stays usable for the 413 answer.
import { streamBody } from "@/lib/api/stream-body";
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
  const chunks: Uint8Array[] = [];
  await streamBody(
    request,
    limit,
    () => payloadTooLarge(limit),
    (chunk) => void chunks.push(chunk),
  );
  return new TextDecoder().decode(Buffer.concat(chunks));
}
