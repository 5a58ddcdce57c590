import { describe, expect, it } from "vitest";
import { safeNext, signInFor } from "@/components/auth/safe-next";

describe("where sign-in returns a person", () => {
  it("follows a same-site path with its query", () => {
    expect(safeNext("/transactions?q=carrefour")).toBe("/transactions?q=carrefour");
    expect(safeNext("/accounts/5b1f?fromDate=2026-01-01&status=booked")).toBe(
      "/accounts/5b1f?fromDate=2026-01-01&status=booked",
    );
  });

  it("falls back for anything a browser could read as another site, or an auth page", () => {
    for (const next of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/",
      "/\\evil.example/",
      "/\tevil",
      "javascript:alert(1)",
      "dashboard",
      "/signin?next=/x",
      "/signup",
      "/reset-password#t",
    ])
      expect(safeNext(next), String(next)).toBe("/dashboard");
  });

  it("the sign-in page for a signed-out request keeps the page and query, not the router's parameters", () => {
    expect(signInFor("/transactions?q=carrefour&_rsc=1x2y")).toBe(
      `/signin?next=${encodeURIComponent("/transactions?q=carrefour")}`,
    );
    expect(signInFor("/dashboard")).toBe("/signin");
    expect(signInFor(null)).toBe("/signin");
    expect(signInFor("//evil.example/")).toBe("/signin");
  });
});
