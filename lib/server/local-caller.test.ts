// Who is on this machine, from the socket peer and the proxy headers as they arrived.
import { describe, expect, it } from "vitest";
import { isLocalCaller } from "@/lib/server/local-caller";

const PROXY = "10.0.0.5";

describe("isLocalCaller", () => {
  it("a loopback peer with no proxy header is local, in every spelling", () => {
    for (const peer of ["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"])
      expect(isLocalCaller(peer, {}, []), peer).toBe(true);
  });

  it("another peer, or none, is not", () => {
    for (const peer of ["203.0.113.9", "10.0.0.1", "::ffff:10.0.0.1", "fe80::1", "", undefined])
      expect(isLocalCaller(peer, {}, []), String(peer)).toBe(false);
  });

  it("a loopback peer with a proxy header is a proxy on this machine forwarding someone: not local", () => {
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"])
      expect(isLocalCaller("127.0.0.1", { [header]: "127.0.0.1" }, []), header).toBe(false);
  });

  it("behind a trusted proxy: the caller X-Forwarded-For names, read from the right", () => {
    expect(isLocalCaller(PROXY, { "x-forwarded-for": "127.0.0.1" }, [PROXY])).toBe(true);
    expect(isLocalCaller(PROXY, { "x-forwarded-for": "203.0.113.9" }, [PROXY])).toBe(false);
    // What the caller wrote left of the hop the proxy appended proves nothing.
    expect(isLocalCaller(PROXY, { "x-forwarded-for": "127.0.0.1, 203.0.113.9" }, [PROXY])).toBe(false);
    // A trusted proxy that names no caller (none, or only proxies) is not taken for a local one.
    expect(isLocalCaller(PROXY, {}, [PROXY])).toBe(false);
    expect(isLocalCaller(PROXY, { forwarded: "for=127.0.0.1" }, [PROXY])).toBe(false);
    expect(isLocalCaller(PROXY, { "x-forwarded-for": PROXY }, [PROXY])).toBe(false);
  });

  it("a trusted proxy on this machine does not make a direct local call local", () => {
    expect(isLocalCaller("127.0.0.1", {}, ["127.0.0.1"])).toBe(false);
    expect(isLocalCaller("127.0.0.1", { "x-forwarded-for": "198.51.100.7" }, ["127.0.0.1"])).toBe(false);
  });
});
