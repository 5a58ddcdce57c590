// HTTP to one NextGenPSD2 ASPSP: JSON, X-Request-ID on every call, a timeout, and every failure
// (network, HTTP status, malformed body) turned into a ProviderError.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { bodyOf, sendJson } from "@/lib/banking/http-json";
import { providerErrorOf } from "@/lib/banking/nextgenpsd2/transform";

type Xs2aRequest = {
  method: "GET" | "POST" | "DELETE";
  url: string;
  headers?: Record<string, string | null>;
  body?: unknown;
};

type Xs2aResponse<T> = { status: number; body: T; bankDate: string };

export async function xs2a<S extends z.ZodType>(
  request: Xs2aRequest,
  schema: S | null,
  fetchImpl: typeof fetch = fetch,
): Promise<Xs2aResponse<z.infer<S>>> {
  const answer = await sendJson(
    { ...request, headers: { "x-request-id": randomUUID(), ...request.headers } },
    { who: "The bank", fetchImpl },
  );
  return { status: answer.status, ...bodyOf(answer, schema, "The bank's answer (NextGenPSD2)", providerErrorOf) };
}
