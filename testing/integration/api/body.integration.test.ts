// The body cap: over BODY_LIMIT_BYTES (1 MiB) → 413 payload_too_large in the envelope, decided from
// Content-Length before reading, or while a chunked body streams, before anything is parsed.
import { describe, expect, it } from "vitest";
import * as clients from "@/app/api/clients/v1/route";
import * as signUp from "@/app/api/auth/v1/sign-up/route";
import { bodyLimitBytes } from "@/lib/api/body";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";

type ErrorBody = { error: { code: string; message: string }; meta: { requestId: string } };

describe("request body cap", () => {
  it("is 1 MiB by default", () => {
    expect(bodyLimitBytes()).toBe(1024 * 1024);
  });

  it("a body over the cap answers 413 in the envelope and writes nothing", async () => {
    const p = await makePerson();
    const big = JSON.stringify({ type: "company", displayName: "x".repeat(bodyLimitBytes()), countryCode: "BE" });
    const res = await call<ErrorBody>(clients.POST, "POST", "/api/clients/v1", {
      headers: bearer(p.token, p.scopeId),
      rawBody: big,
    });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe("payload_too_large");
    expect(res.json.meta.requestId).toBe(res.headers.get("x-request-id"));
    expect(await prisma().client.count({ where: { scopeId: p.scopeId } })).toBe(0);
  });

  it("a streamed body without Content-Length is cut off at the cap, not read to its end", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/api/auth/v1/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      // @ts-expect-error Node's fetch needs `duplex` for a streamed body; the DOM typings lack it.
      duplex: "half",
    });
    const res = await signUp.POST(request, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ErrorBody).error.code).toBe("payload_too_large");
    // The stream is endless: an answer at all proves the read stopped; it stopped near the cap.
    expect(pulled).toBeLessThan(bodyLimitBytes() + 4 * chunk.byteLength);
  });
});
