// An aggregator's credentials: real ones, its local fake, or neither; never a guess between them.
import { describe, expect, it } from "vitest";
import { credentialPair } from "@/lib/env";
import { keepTestsOffline } from "@/testing/support/offline-env";

describe("credentialPair", () => {
  it("uses both real credentials, the fake when enabled without them, else nothing", () => {
    expect(credentialPair("GoCardless", { ID: "id", KEY: "key" }, false)).toEqual(["id", "key"]);
    expect(credentialPair("GoCardless", { ID: undefined, KEY: undefined }, true)).toBe("fake");
    expect(credentialPair("GoCardless", { ID: undefined, KEY: undefined }, false)).toBeNull();
  });

  it("refuses one credential alone, and the fake beside real credentials", () => {
    expect(() => credentialPair("GoCardless", { ID: "id", KEY: undefined }, false)).toThrow(/needs both ID and KEY/);
    expect(() => credentialPair("GoCardless", { ID: "id", KEY: "key" }, true)).toThrow(/local fake is enabled/);
    expect(() => credentialPair("GoCardless", { ID: undefined, KEY: "key" }, true)).toThrow(/local fake is enabled/);
  });
});

describe("keepTestsOffline", () => {
  it("removes real aggregator and provider settings and keeps the rest", () => {
    const environment: Record<string, string | undefined> = {
      GOCARDLESS_SECRET_ID: "real",
      ENABLE_BANKING_APP_ID: "real",
      PORT: "4100",
    };
    keepTestsOffline(environment);
    expect(environment).toEqual({ PORT: "4100" });
  });
});
