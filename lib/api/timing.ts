// Server-Timing (W3C) on our API answers: the time from the request's arrival at the server to the
// answer, for callers tracing latency. The HTTP server (lib/server/http-server.ts) stamps the arrival
// in `x-ll-received` (performance.now(): the process's monotonic clock, which the server and the
// handlers share; any value a client sent is replaced). A handler called without that server (a
// test) counts from its own start.
export const RECEIVED_HEADER = "x-ll-received";

export function serverTiming(request: Request, handlerStart = performance.now()): { "server-timing": string } {
  const now = performance.now();
  const stamped = Number(request.headers.get(RECEIVED_HEADER) ?? Number.NaN);
  const from = Number.isFinite(stamped) && stamped > 0 && stamped <= now ? stamped : handlerStart;
  return { "server-timing": `app;dur=${(now - from).toFixed(2)}` };
}
