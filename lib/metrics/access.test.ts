import { describe, expect, it } from "vitest";
import { metricsAccess } from "@/lib/metrics/access";

const TOKEN = "a-metrics-token-of-some-length";
const req = (authorization: string | null, peer: string | null, forwarded = false) => ({
  authorization,
  peer,
  forwarded,
});

describe("metricsAccess", () => {
  it("with a token: only a request bearing it", () => {
    expect(metricsAccess(req(`Bearer ${TOKEN}`, "203.0.113.9"), TOKEN)).toBe("allowed");
    expect(metricsAccess(req(null, "127.0.0.1"), TOKEN)).toBe("unauthenticated");
    expect(metricsAccess(req(`Bearer ${TOKEN}x`, "127.0.0.1"), TOKEN)).toBe("unauthenticated");
    expect(metricsAccess(req(TOKEN, "127.0.0.1"), TOKEN)).toBe("unauthenticated");
  });

  it("without one: a direct connection from this machine only", () => {
    expect(metricsAccess(req(null, "127.0.0.1"), undefined)).toBe("allowed");
    expect(metricsAccess(req(null, "::ffff:127.0.0.1"), undefined)).toBe("allowed");
    expect(metricsAccess(req(null, "::1"), undefined)).toBe("allowed");
    expect(metricsAccess(req(null, "203.0.113.9"), undefined)).toBe("forbidden");
    expect(metricsAccess(req(null, null), undefined)).toBe("forbidden");
    // A proxy on this machine forwarding an outside caller.
    expect(metricsAccess(req(null, "127.0.0.1", true), undefined)).toBe("forbidden");
  });
});
