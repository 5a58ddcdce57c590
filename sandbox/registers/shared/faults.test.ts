// The fault controls every register fake shares, on a fake that answers 200 "record" or 404 "none":
// the operator's secret guards them, each mode answers as documented, and the counter counts API
// calls only.
import { describe, expect, it } from "vitest";
import { createRegisterFaults, routeRegisterFake, type RegisterFake } from "@/sandbox/registers/shared/faults";
import { CONTROL_HEADER } from "@/sandbox/shared/control-secret";

const SECRET = "operator-secret";
const ORIGIN = "http://banks.test/register-fake";

function fake(): RegisterFake {
  return {
    prefix: "/register-fake",
    faults: createRegisterFaults(),
    controlSecret: SECRET,
    api: (_request, _url, path, empty) =>
      empty ? Response.json({ none: path.join("/") }, { status: 404 }) : Response.json({ record: path.join("/") }),
    failure: (status, headers) => Response.json({ failure: status }, { status, headers }),
  };
}

const api = (f: RegisterFake, path = "records/1") => routeRegisterFake(new Request(`${ORIGIN}/${path}`), f);
const control = (f: RegisterFake, path: string, body?: unknown, secret: string | null = SECRET) =>
  routeRegisterFake(
    new Request(`${ORIGIN}/_control/${path}`, {
      method: body === undefined && path === "calls" ? "GET" : "POST",
      headers: secret === null ? {} : { [CONTROL_HEADER]: secret },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    f,
  );
const calls = async (f: RegisterFake) => ((await (await control(f, "calls")).json()) as { calls: number }).calls;

describe("a register fake's fault controls", () => {
  it("answers normally and counts each API call, not the controls", async () => {
    const f = fake();
    expect(await (await api(f)).json()).toEqual({ record: "records/1" });
    await api(f, "records/2");
    expect(await calls(f)).toBe(2);
    expect(await calls(f)).toBe(2);
  });

  it("plays unavailable, rate_limited with Retry-After and empty, and reset puts it back", async () => {
    const f = fake();
    expect((await control(f, "mode", { mode: "unavailable" })).status).toBe(200);
    expect((await api(f)).status).toBe(503);
    await control(f, "mode", { mode: "rate_limited", retryAfterSeconds: 7 });
    const limited = await api(f);
    expect([limited.status, limited.headers.get("retry-after")]).toEqual([429, "7"]);
    await control(f, "mode", { mode: "empty" });
    expect(await (await api(f)).json()).toEqual({ none: "records/1" });
    const reset = await control(f, "reset", {});
    expect(await reset.json()).toEqual({ mode: "normal", retryAfterSeconds: 30, delayMs: 0, calls: 0 });
    expect((await api(f)).status).toBe(200);
  });

  it("delays every API answer by delayMs", async () => {
    const f = fake();
    await control(f, "mode", { mode: "normal", delayMs: 120 });
    const started = performance.now();
    await api(f);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it("refuses controls without the operator's secret, and an unknown mode", async () => {
    const f = fake();
    expect((await control(f, "mode", { mode: "unavailable" }, null)).status).toBe(401);
    expect((await control(f, "mode", { mode: "unavailable" }, "wrong")).status).toBe(401);
    expect(f.faults.mode).toBe("normal");
    expect((await control(f, "mode", { mode: "broken" })).status).toBe(422);
    expect((await control(f, "nothing", {})).status).toBe(404);
  });
});
