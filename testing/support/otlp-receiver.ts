// A local OTLP/HTTP receiver for tests: takes the JSON the trace exporter posts to /v1/traces and
// keeps every span with its trace, parent, name, attributes and the process that sent it; the raw
// bodies too, to search them for what must never be sent.
import http from "node:http";

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type KeyValue = { key: string; value: AnyValue };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: KeyValue[] };
type OtlpExport = {
  resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { spans?: OtlpSpan[] }[] }[];
};

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  attributes: Record<string, string | number | boolean>;
  process: string;
};

const valueOf = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue ?? ""));
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map((kv) => [kv.key, valueOf(kv.value)]));

export async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  bodies: string[];
  close: () => Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url !== "/v1/traces" || !(req.headers["content-type"] ?? "").includes("json")) {
        res.writeHead(415).end();
        return;
      }
      bodies.push(body);
      const parsed = JSON.parse(body) as OtlpExport;
      for (const rs of parsed.resourceSpans ?? []) {
        const resource = attributesOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans ?? [])
          for (const s of ss.spans ?? [])
            spans.push({
              traceId: s.traceId,
              spanId: s.spanId,
              parentSpanId: s.parentSpanId || null,
              name: s.name,
              attributes: attributesOf(s.attributes),
              process: String(resource["ledgerlink.process"] ?? ""),
            });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The chain of spans from `span` up to the root of its trace, as received. */
export function ancestry(spans: ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: ReceivedSpan[] = [];
  for (let at: ReceivedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
    chain.push(at);
  return chain;
}
