// The OpenAPI 3.1 document of this API (public), built once per process from lib/openapi.
import { serverTiming } from "@/lib/api/timing";
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

let body: string | null = null;

export function GET(request: Request) {
  body ??= JSON.stringify(openApiDocument());
  return new Response(body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
      ...serverTiming(request),
    },
  });
}
