// The server's HTTP layer and Next's bundle each load their own copy of lib/errors.ts: an ApiError
// made by one copy must still be answered with its own status by the other, not as a 500.
import { describe, expect, it, vi } from "vitest";
import { mapUnknownError } from "@/lib/api/outcome";
import { ApiError, apiErrorOf } from "@/lib/errors";

async function foreignApiError() {
  vi.resetModules();
  return (await import("@/lib/errors")).ApiError;
}

describe("recognising an ApiError", () => {
  it("by its discriminant, also when another copy of the module made it", async () => {
    const Foreign = await foreignApiError();
    expect(Foreign).not.toBe(ApiError);
    const error = new Foreign("conflict", "Already there.", { headers: { "retry-after": "2" } });
    expect(error instanceof ApiError).toBe(false);
    expect(apiErrorOf(error)).toBe(error);
    expect(mapUnknownError(error)).toMatchObject({ status: 409, code: "conflict", message: "Already there." });
  });

  it("not for other errors, or a look-alike with a code the API does not have", () => {
    expect(apiErrorOf(new Error("boom"))).toBeNull();
    expect(apiErrorOf({ kind: "api_error", code: "teapot" })).toBeNull();
    expect(apiErrorOf("conflict")).toBeNull();
    expect(mapUnknownError(new Error("boom"))).toMatchObject({ status: 500, code: "server_error" });
  });
});
