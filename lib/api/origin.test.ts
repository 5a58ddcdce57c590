// The same-origin check for cookie writes: full origin (scheme, host, port), forwarded headers only
// from trusted proxies, Sec-Fetch-Site cross-site refused even without an Origin.
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { checkSameOrigin, type OriginConfig } from "@/lib/api/origin";
import type { Principal } from "@/lib/auth/principal";

const person: Principal = { kind: "user", userId: "u", via: "session", tokenId: null };
const bearerPerson: Principal = { kind: "user", userId: "u", via: "token", tokenId: "t" };
const configured: OriginConfig = { appUrl: "https://app.example.com", appUrlSet: true, proxies: [] };
const unset: OriginConfig = { appUrl: "http://localhost:3000", appUrlSet: false, proxies: ["10.0.0.1"] };

function verdict(
  headers: Record<string, string>,
  config: OriginConfig,
  principal: Principal = person,
  method = "POST",
  url = "http://app.example.com/api/x",
) {
  try {
    checkSameOrigin(new Request(url, { method, headers }), principal, config);
    return "accepted";
  } catch (error) {
    return (error as ApiError).code;
  }
}

describe("same-origin check for session-cookie writes", () => {
  it("accepts exactly APP_URL's origin and refuses another scheme, port or host", () => {
    expect(verdict({ origin: "https://app.example.com" }, configured)).toBe("accepted");
    expect(verdict({ origin: "http://app.example.com" }, configured)).toBe("forbidden");
    expect(verdict({ origin: "https://app.example.com:8443" }, configured)).toBe("forbidden");
    expect(verdict({ origin: "https://evil.example" }, configured)).toBe("forbidden");
    expect(verdict({ origin: "null" }, configured)).toBe("forbidden");
  });

  it("does not believe a client-sent X-Forwarded-Host", () => {
    expect(
      verdict(
        { origin: "https://evil.example", host: "app.example.com", "x-forwarded-host": "evil.example" },
        configured,
      ),
    ).toBe("forbidden");
    const direct = {
      origin: "http://evil.example",
      host: "localhost:3000",
      "x-forwarded-host": "evil.example",
      "x-ll-peer": "203.0.113.5",
    };
    expect(verdict(direct, unset, person, "POST", "http://localhost:3000/api/x")).toBe("forbidden");
  });

  it("without APP_URL: the request's own origin, with forwarded headers from a trusted proxy only", () => {
    expect(
      verdict(
        { origin: "http://localhost:3000", host: "localhost:3000" },
        unset,
        person,
        "POST",
        "http://localhost:3000/api/x",
      ),
    ).toBe("accepted");
    expect(
      verdict(
        { origin: "https://localhost:3000", host: "localhost:3000" },
        unset,
        person,
        "POST",
        "http://localhost:3000/api/x",
      ),
    ).toBe("forbidden");
    const proxied = {
      origin: "https://public.example",
      host: "internal:3000",
      "x-forwarded-host": "public.example",
      "x-forwarded-proto": "https",
      "x-ll-peer": "10.0.0.1",
    };
    expect(verdict(proxied, unset, person, "POST", "http://internal:3000/api/x")).toBe("accepted");
  });

  it("refuses Sec-Fetch-Site cross-site and same-site even without an Origin", () => {
    expect(verdict({ "sec-fetch-site": "cross-site" }, configured)).toBe("forbidden");
    expect(verdict({ "sec-fetch-site": "same-site" }, configured)).toBe("forbidden");
    expect(verdict({ "sec-fetch-site": "cross-site", origin: "https://app.example.com" }, configured)).toBe(
      "forbidden",
    );
    expect(verdict({ "sec-fetch-site": "same-origin", origin: "https://app.example.com" }, configured)).toBe(
      "accepted",
    );
    expect(verdict({}, configured)).toBe("accepted");
  });

  it("leaves reads and bearer tokens alone", () => {
    expect(verdict({ origin: "https://evil.example" }, configured, person, "GET")).toBe("accepted");
    expect(verdict({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }, configured, bearerPerson)).toBe(
      "accepted",
    );
  });
});
