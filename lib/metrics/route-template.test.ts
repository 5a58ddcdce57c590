import { describe, expect, it } from "vitest";
import { routeTemplate } from "@/lib/metrics/route-template";

describe("routeTemplate", () => {
  it("replaces each parameter's segment by its name", () => {
    const id = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    expect(routeTemplate(`/api/accounttracking/v1/accounts/${id}/transactions`, { id })).toBe(
      "/api/accounttracking/v1/accounts/{id}/transactions",
    );
  });

  it("leaves a path without parameters as it is", () => {
    expect(routeTemplate("/api/scopes/v1/members", {})).toBe("/api/scopes/v1/members");
  });

  it("matches parameters in order, so equal values land on their own segments", () => {
    expect(routeTemplate("/api/x/same/y/same", { a: "same", b: "same" })).toBe("/api/x/{a}/y/{b}");
  });

  it("compares decoded values and replaces a catch-all's whole tail", () => {
    expect(routeTemplate("/api/callback/en%20able", { integration: "en able" })).toBe("/api/callback/{integration}");
    expect(routeTemplate("/api/no/such/thing", { path: ["no", "such", "thing"] })).toBe("/api/{...path}");
  });
});
