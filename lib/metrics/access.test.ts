import { describe, expect, it } from "vitest";
import { metricsAccess } from "@/lib/metrics/access";

const TOKEN = "a-metrics-token-of-some-length";
const req = (authorization: string | null, local: boolean) => ({ authorization, local });

describe("metricsAccess", () => {
  it("with a token: only a request bearing it, local or not", () => {
    expect(metricsAccess(req(`Bearer ${TOKEN}`, false), TOKEN)).toBe("allowed");
    expect(metricsAccess(req(null, true), TOKEN)).toBe("unauthenticated");
    expect(metricsAccess(req(`Bearer ${TOKEN}x`, true), TOKEN)).toBe("unauthenticated");
    expect(metricsAccess(req(TOKEN, true), TOKEN)).toBe("unauthenticated");
  });

  it("without one: a caller on this machine only", () => {
    expect(metricsAccess(req(null, true), undefined)).toBe("allowed");
    expect(metricsAccess(req(null, false), undefined)).toBe("forbidden");
    expect(metricsAccess(req(`Bearer ${TOKEN}`, false), undefined)).toBe("forbidden");
  });
});
