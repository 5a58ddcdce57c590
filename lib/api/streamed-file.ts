// A file answered as a stream (the CSV exports). The route kernel answers with text only, so the
// kernel runs the request as for any route (auth, rate limit, scope, validation, the log line) and
// its handler keeps the stream it made and answers an empty body; the route's GET then sends the
// kernel's status and headers with that stream. (A stream answer in the kernel itself would make
// this go.)
import { contractOf, documented, type Handler } from "@/lib/api/methods";

/** One route file's streams: `keep` in its handler, `streamed` around its kernel GET. */
export function fileStreams() {
  // The stream each request's handler produced, until the GET sends it; keyed by the request itself.
  const bodies = new WeakMap<Request, ReadableStream<Uint8Array>>();

  const keep = (request: Request, body: ReadableStream<Uint8Array>) => {
    bodies.set(request, body);
  };

  /** `get` answering with the stream its handler kept, documented as `get` is. */
  const streamed = (get: Handler): Handler => {
    const contract = contractOf(get);
    if (!contract) throw new Error("route() attaches its contract to the handler");
    return documented(contract, async (request, context) => {
      const answer = await get(request, context);
      const body = bodies.get(request);
      bodies.delete(request);
      if (!body) return answer;
      // The kernel refused after the handler ran (e.g. its answer failed the contract check): its answer stands.
      if (answer.status !== 200) {
        await body.cancel();
        return answer;
      }
      return new Response(body, { status: answer.status, headers: answer.headers });
    });
  };

  return { keep, streamed };
}
