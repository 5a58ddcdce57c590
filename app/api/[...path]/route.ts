// Any /api path no route matches: 404 in the envelope, for every method.
import { requestIdFor } from "@/lib/api/request-id";
import { errorBody, jsonResponse } from "@/lib/api/response";
import { serverTiming } from "@/lib/api/timing";

function notFound(request: Request): Promise<Response> {
  const requestId = requestIdFor(request);
  const path = new URL(request.url).pathname;
  return Promise.resolve(
    jsonResponse(
      errorBody("not_found", `No API endpoint at ${path}. See /docs for the reference.`, requestId),
      404,
      requestId,
      serverTiming(request),
    ),
  );
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
