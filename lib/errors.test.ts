// Both sides of an API error are recognised by their discriminant, never by their class: the
// server's HTTP layer and Next's bundle each load their own lib/errors.ts, and a page's bundle and a
// script may each hold their own lib/client/errors.ts. An error made by one copy must still be
// answered (server) or worded for a person (client) by the other.
import { describe, expect, it, vi } from "vitest";
import { mapUnknownError } from "@/lib/api/outcome";
import { ApiCallError, errorMessage, fieldError, isApiCallError } from "@/lib/client/errors";
import { ApiError, apiErrorOf } from "@/lib/errors";

/** A module as a second module graph loads it: another copy of every class in it. */
async function anotherCopy<M>(load: () => Promise<M>): Promise<M> {
  vi.resetModules();
  return load();
}

describe("the server's ApiError", () => {
  it("is answered with its own status, also when another copy of the module made it", async () => {
    const { ApiError: Foreign } = await anotherCopy(() => import("@/lib/errors"));
    expect(Foreign).not.toBe(ApiError);
    const error = new Foreign("conflict", "Already there.", { headers: { "retry-after": "2" } });
    expect(error instanceof ApiError).toBe(false);
    expect(apiErrorOf(error)).toBe(error);
    expect(mapUnknownError(error)).toMatchObject({ status: 409, code: "conflict", message: "Already there." });
  });

  it("is not any other error, nor a look-alike with a code the API does not have", () => {
    expect(apiErrorOf(new Error("boom"))).toBeNull();
    expect(apiErrorOf({ kind: "api_error", code: "teapot" })).toBeNull();
    expect(apiErrorOf("conflict")).toBeNull();
    expect(mapUnknownError(new Error("boom"))).toMatchObject({ status: 500, code: "server_error" });
  });
});

describe("the client's ApiCallError", () => {
  it("gives a person the field's message, also when another copy of the module made it", async () => {
    const { ApiCallError: Foreign } = await anotherCopy(() => import("@/lib/client/errors"));
    expect(Foreign).not.toBe(ApiCallError);
    const error = new Foreign({
      status: 422,
      code: "validation_failed",
      message: "Some fields are invalid; see error.details.",
      details: { displayName: ["Give the client a name."] },
    });
    expect(isApiCallError(error)).toBe(true);
    expect(fieldError(error, "displayName")).toBe("Give the client a name.");
    expect(errorMessage(error)).toBe("Give the client a name.");
  });
});
