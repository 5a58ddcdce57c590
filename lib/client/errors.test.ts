// A failed call reaches a person's screen as words, whichever copy of lib/client/errors.ts made the
// error (a page's bundle and a script may each hold one).
import { describe, expect, it, vi } from "vitest";
import { ApiCallError, errorMessage, fieldError, formErrors, isApiCallError } from "@/lib/client/errors";

async function foreignApiCallError() {
  vi.resetModules();
  return (await import("@/lib/client/errors")).ApiCallError;
}

describe("ApiCallError", () => {
  it("is recognised by its discriminant, also from another copy of the module", async () => {
    const Foreign = await foreignApiCallError();
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

  it("is not any other error, which keeps its own message", () => {
    expect(isApiCallError(new Error("offline"))).toBe(false);
    expect(isApiCallError({ status: 404, code: "not_found" })).toBe(false);
    expect(errorMessage(new Error("offline"))).toBe("offline");
    expect(fieldError(new Error("offline"), "displayName")).toBeUndefined();
  });

  it("gives a form each shown field's message, and above it only what no field shows", () => {
    const error = new ApiCallError({
      status: 422,
      code: "validation_failed",
      message: "Some fields are invalid; see error.details.",
      details: { email: ["Enter a valid email address"], organisationName: ["Too long."] },
    });
    expect(formErrors(error, ["name", "email"])).toEqual({
      name: undefined,
      email: "Enter a valid email address",
      form: "Too long.",
    });
    expect(formErrors(new Error("offline"), ["email"])).toEqual({ email: undefined, form: "offline" });
  });
});
