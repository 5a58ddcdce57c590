// What a failed call shows a person (the discriminant across module copies: lib/errors.test.ts).
import { describe, expect, it } from "vitest";
import { ApiCallError, errorMessage, fieldError, formErrors, isApiCallError } from "@/lib/client/errors";

describe("ApiCallError", () => {
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
