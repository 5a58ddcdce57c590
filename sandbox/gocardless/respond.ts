// How the fake GoCardless answers: JSON with its Date header (the fake's clock), and errors in its
// ErrorResponse shape ({summary, detail, status_code, type?}).
import { gcNow } from "@/sandbox/gocardless/state";

export type GcFakeContext = { origin: string; prefix: string };

export function gcJson(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", date: gcNow().toUTCString(), ...headers },
  });
}

export function gcFail(
  status: number,
  summary: string,
  detail: string,
  options: { type?: string; headers?: Record<string, string> } = {},
): Response {
  const body = { summary, detail, ...(options.type ? { type: options.type } : {}), status_code: status };
  return gcJson(status, body, options.headers);
}

export const notFound = () => gcFail(404, "Not found.", "Not found.");
