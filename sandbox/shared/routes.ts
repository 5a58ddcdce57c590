// The routes every local fake bank serves under its prefix, on web Request/Response:
//   {prefix}/api/…              the API, each call recorded
//   {prefix}/bank/{id}          the hosted bank page, and POST …/decision
//   {prefix}/controls/…         the operator's controls (X-Sandbox-Control; POST clock/reset and
//                               POST clock {advanceDays} for all)
import { CONTROL_CHALLENGE, CONTROL_REFUSAL, isOperator } from "@/sandbox/shared/control-secret";
import type { FakeMemory } from "@/sandbox/shared/memory";
import { fakePathOf, jsonBodyOf } from "@/sandbox/shared/web";

type FakeAreas = {
  api(parts: string[], url: URL): Promise<Response>;
  page(id: string, url: URL): Response;
  decision(id: string, form: URLSearchParams): Response;
  controls(parts: string[]): Promise<Response>;
  notFound(): Response;
  /** How this fake answers a refused control (its own error shape). */
  refused(status: 401, message: string, headers: Record<string, string>): Response;
};

export async function routeFakeBank(
  request: Request,
  prefix: string,
  memory: Pick<FakeMemory, "recordCall">,
  controlSecret: string | null,
  areas: FakeAreas,
): Promise<Response> {
  const url = new URL(request.url);
  const path = fakePathOf(url, prefix);
  if (!path) return areas.notFound();
  const [area, ...parts] = path;
  const { method } = request;
  let response: Response;
  if (area === "api") response = await areas.api(parts, url);
  else if (area === "bank" && parts.length === 1 && method === "GET") response = areas.page(parts[0], url);
  else if (area === "bank" && parts.length === 2 && parts[1] === "decision" && method === "POST")
    response = areas.decision(parts[0], new URLSearchParams(await request.text()));
  else if (area === "controls")
    response = isOperator(request, controlSecret)
      ? await areas.controls(parts)
      : areas.refused(401, CONTROL_REFUSAL, CONTROL_CHALLENGE);
  else response = areas.notFound();
  if (area === "api") {
    const psuIp = request.headers.get("psu-ip-address");
    memory.recordCall({ method, path: url.pathname + url.search, status: response.status, psuIp });
  }
  return response;
}

/** POST clock/reset and POST clock {advanceDays}; null for any other control. */
export async function clockControl(
  request: Request,
  parts: string[],
  clock: Pick<FakeMemory, "advanceClock" | "resetClock">,
  json: (status: number, body: unknown) => Response,
): Promise<Response | null> {
  if (request.method !== "POST" || parts[0] !== "clock") return null;
  if (parts.length === 2 && parts[1] === "reset") {
    clock.resetClock();
    return json(200, { ok: true });
  }
  if (parts.length !== 1) return null;
  const days = Number((await jsonBodyOf(request)).advanceDays);
  if (!Number.isInteger(days)) return json(422, { message: "advanceDays must be a whole number" });
  clock.advanceClock(days);
  return json(200, { ok: true });
}
