// The sandbox registry's provider over HTTP: what it serves from the banks' registry, and how each
// way a register can fail reaches the lookup — the same provider errors as GLEIF's, since both go
// through lib/datasets/providers/registry-http.ts. A stand-in register plays the failures.
import { createServer, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxRegistry } from "@/lib/datasets/providers/sandbox-registry";
import { providerErrorOf } from "@/lib/provider-errors";
import { withSandboxRegistry } from "@/testing/support/datasets/sandbox-registry";
import { listenOnLoopback, type Listening } from "@/testing/support/http-listener";

const registry = withSandboxRegistry();
const provider = (baseUrl = registry.baseUrl, timeoutMs = 2000) =>
  createSandboxRegistry({ baseUrl, timeoutMs, isEnabled: true });
/** The provider error a call ends in (null when it succeeds). */
const failureOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => providerErrorOf(error),
  );
const ask = (baseUrl: string, timeoutMs = 2000, number = "0403.170.701") =>
  failureOf(provider(baseUrl, timeoutMs).fetch({ country: "BE", number }, ["information"]));

type Play = (res: ServerResponse) => void;
let standIn: Listening & { play: (p: Play) => void };

beforeAll(async () => {
  let play: Play = (res) => res.writeHead(500).end();
  const server = createServer((_req, res) => play(res));
  standIn = { ...(await listenOnLoopback(server)), play: (p) => void (play = p) };
});
afterAll(async () => {
  standIn.play((res) => res.writeHead(503).end());
  await standIn.close();
});

describe("the sandbox registry provider", () => {
  it("serves the subsets asked for, the same company on every call", async () => {
    const first = await provider().fetch({ country: "BE", number: "0403170701" }, ["information", "rating"]);
    expect(Object.keys(first.subsets).sort()).toEqual(["information", "rating"]);
    expect(first.recordUrl).toBeNull();
    expect(first.subsets.information).toMatchObject({
      registrationNumber: "0403.170.701",
      registrationAuthority: "Kruispuntbank van Ondernemingen (KBO/BCE)",
    });
    expect(await provider().fetch({ country: "BE", number: "0403.170.701" }, ["information", "rating"])).toEqual(first);
  });

  it("reports a number the register does not hold as not_found", async () => {
    const error = await ask(registry.baseUrl, 2000, "0403.170.702");
    expect(error).toMatchObject({ code: "not_found" });
    expect(error?.message).toMatch(/No company with number 0403.170.702 in the sandbox BE register/);
  });

  it("maps each failure of the register to a provider error", async () => {
    const at = `${standIn.origin}/sandbox-registry`;
    standIn.play((res) => res.writeHead(503).end());
    expect(await ask(at)).toMatchObject({
      code: "unavailable",
      status: 503,
      message: "The sandbox registry answered 503.",
    });
    standIn.play((res) => res.writeHead(429, { "retry-after": "30" }).end());
    expect(await ask(at)).toMatchObject({ code: "rate_limited", retryAfterSeconds: 30 });
    standIn.play((res) => res.writeHead(401).end());
    expect(await ask(at)).toMatchObject({ code: "rejected", status: 401 });
    standIn.play((res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>maintenance</html>"));
    expect(await ask(at)).toMatchObject({
      code: "unknown",
      message: "The sandbox registry sent a response that is not JSON.",
    });
    standIn.play((res) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ company: { name: "x" } })),
    );
    expect(await ask(at)).toMatchObject({
      code: "unknown",
      message: "The sandbox registry sent a response in an unexpected shape.",
    });
  });

  it("gives up on a register that does not answer in time, and on one nobody serves", async () => {
    standIn.play(() => undefined);
    expect(await ask(`${standIn.origin}/sandbox-registry`, 300)).toMatchObject({
      code: "unavailable",
    });
    const closed = await listenOnLoopback(createServer());
    await closed.close();
    expect(await ask(`${closed.origin}/sandbox-registry`)).toMatchObject({
      code: "unavailable",
      message: "The sandbox registry could not be reached.",
    });
  });
});
