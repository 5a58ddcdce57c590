// A local fake bank (a web Request → Response handler) behind a real HTTP server on 127.0.0.1, with
// every API request and answer handed to a contract checker (testing/support/openapi-contract.ts).
import http from "node:http";
import { listenOnLoopback } from "@/testing/support/http-listener";

const HOP_BY_HOP = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"]);

export type ContractHooks = {
  request(method: string, url: URL, apiPath: string, headers: Record<string, string>, body: unknown): void;
  response(method: string, apiPath: string, status: number, body: unknown): void;
};

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on("data", (c: Buffer) => chunks.push(c))
      .on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      .on("error", reject);
  });

/** JSON, or the text itself when it is not (the contract then reports it). */
function parsed(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return text;
  }
}

export async function startFakeHttpServer(options: {
  /** Requests under this path are the API: checked by the contract, relative to it. */
  apiPrefix: string;
  /** Prepended to the path relative to apiPrefix, when the specification's paths include it. */
  specPathBase?: string;
  contract: ContractHooks;
  handle: (request: Request) => Promise<Response>;
}): Promise<{ origin: string; close: () => Promise<void> }> {
  const { apiPrefix, contract } = options;
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const method = req.method ?? "GET";
    const text = method === "GET" || method === "DELETE" ? "" : await readBody(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && !HOP_BY_HOP.has(k)) headers[k] = v;
    const isApi = url.pathname.startsWith(`${apiPrefix}/`);
    const apiPath = `${options.specPathBase ?? ""}${url.pathname.slice(apiPrefix.length)}`;
    if (isApi) contract.request(method, url, apiPath, headers, parsed(text));
    const response = await options.handle(new Request(url, { method, headers, body: text || undefined }));
    const body = await response.text();
    if (isApi) contract.response(method, apiPath, response.status, parsed(body) ?? null);
    res.writeHead(response.status, Object.fromEntries(response.headers.entries())).end(body);
  };
  const { origin, close } = await listenOnLoopback(http.createServer((req, res) => void serve(req, res)));
  return { origin, close };
}
