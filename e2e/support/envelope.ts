// The `data` of an API answer's envelope. Playwright types a body as `any`; the shape named here is
// the caller's claim, which its own assertions then check.
import type { APIResponse } from "@playwright/test";

export async function dataOf<T = unknown>(response: APIResponse): Promise<T> {
  return ((await response.json()) as { data: T }).data;
}

export type ErrorEnvelope = { error: { code: string; message: string }; meta: { requestId: string } };

/** A refusal's envelope (the spec's error shape). */
export async function errorOf(response: APIResponse): Promise<ErrorEnvelope> {
  return (await response.json()) as ErrorEnvelope;
}
