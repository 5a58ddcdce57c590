// A failed bank answer as an integration's providerErrorOf reads it, for unit tests of the mapping.
import type { ErrorAnswer } from "@/lib/banking/http-json";

export const errorAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): ErrorAnswer => ({
  status,
  body,
  headers: new Headers(headers),
  bankDate: null,
});
