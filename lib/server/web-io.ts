// Web Response → Node response with compression, as Next's server writes the answers it serves: for
// the test servers that stand in for Next (testing/support/route-server.ts). The request side and
// the response's head are lib/plumbing/web-bridge.ts's.
import type { ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { BODY_TEXT } from "@/lib/api/response";
import { writeResponseHead } from "@/lib/plumbing/web-bridge";

const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/)/i;
const SYNC_COMPRESS_MAX_BYTES = 128 * 1024;
const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);
// Fast settings: these answers are latency-bound. On a 100-row transactions page (51 kB of JSON),
// brotli at quality 1 takes 0.16 ms for 3.2 kB and gzip at level 1 0.25 ms for 3.6 kB, where
// gzip's default level 6 takes 0.58 ms for 3.3 kB.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };
const GZIP_OPTIONS = { level: 1 };

/** br or gzip when the client accepts it (q > 0), br first; null for identity. */
function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    accepted.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? (accepted.has("*") ? accepted.get("*")! : 0)) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

async function encode(body: Buffer, encoding: "br" | "gzip"): Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_MAX_BYTES) {
    return encoding === "br" ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body, GZIP_OPTIONS);
  }
  // Large bodies are compressed on the thread pool, not on the event loop.
  return encoding === "br" ? brotliAsync(body, BROTLI_OPTIONS) : gzipAsync(body, GZIP_OPTIONS);
}

/**
 * Writes a Response to Node's ServerResponse, keeping every Set-Cookie, and compresses JSON and
 * text of 1 kB or more as Next's server does for the requests it serves (br, else gzip).
 */
export async function writeWebResponse(
  res: ServerResponse,
  response: Response,
  method: string,
  acceptEncoding?: string,
): Promise<void> {
  writeResponseHead(res, response);
  if (!response.body || method === "HEAD") {
    res.end();
    return;
  }
  // The kernel's responses carry their serialised text; others are read from the stream.
  const text = (response as unknown as Record<symbol, unknown>)[BODY_TEXT];
  let body: Buffer = typeof text === "string" ? Buffer.from(text, "utf8") : Buffer.from(await response.arrayBuffer());
  const compressible =
    body.length >= COMPRESS_MIN_BYTES &&
    !response.headers.has("content-encoding") &&
    COMPRESSIBLE.test(response.headers.get("content-type") ?? "");
  if (compressible) {
    const vary = response.headers.get("vary");
    res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const encoding = pickEncoding(acceptEncoding);
    if (encoding) {
      body = await encode(body, encoding);
      res.setHeader("content-encoding", encoding);
    }
  }
  res.setHeader("content-length", body.length);
  res.end(body);
}
