// An aggregator's credentials: both or neither, never one alone; and tests keep real ones away.
import { describe, expect, it } from "vitest";
import { credentialPair } from "@/lib/env";
import { keepTestsOffline } from "@/testing/support/offline-env";

describe("credentialPair", () => {
  it("uses both credentials, else nothing", () => {
    expect(credentialPair("GoCardless", { ID: "id", KEY: "key" })).toEqual(["id", "key"]);
    expect(credentialPair("GoCardless", { ID: undefined, KEY: undefined })).toBeNull();
  });

  it("refuses one credential alone", () => {
    expect(() => credentialPair("GoCardless", { ID: "id", KEY: undefined })).toThrow(/needs both ID and KEY/);
    expect(() => credentialPair("GoCardless", { ID: undefined, KEY: "key" })).toThrow(/needs both ID and KEY/);
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
