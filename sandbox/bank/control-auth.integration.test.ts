// The sandbox bank's controls answer only the operator (control secret) or a signed-in person, and
// the whole sandbox is off under NODE_ENV=production unless SANDBOX_BANK_ENABLED=1.
import { afterAll, describe, expect, it, vi } from "vitest";
import * as clock from "@/app/sandbox-bank/api/controls/clock/route";
import * as expire from "@/app/sandbox-bank/api/controls/consents/[consentId]/expire/route";
import * as totals from "@/app/sandbox-bank/api/controls/accounts/[resourceId]/totals/route";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { bearer } from "@/testing/support/http";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const hit = (
  handler: Handler,
  method: string,
  headers: Record<string, string> = {},
  params: Record<string, string> = {},
  body?: string,
) =>
  handler(new Request("http://localhost/sandbox-bank/api/controls/x", { method, headers, body }), {
    params: Promise.resolve(params),
  });

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("sandbox controls need the control secret or a signed-in person", () => {
  it("refuses anonymous callers, a wrong secret and App tokens with 401; nothing changes", async () => {
    const p = await makePerson("ops");
    const app = await makeAppToken(p.scopeId, "member");
    const callers: Record<string, string>[] = [
      {},
      { "x-sandbox-control": "wrong" },
      bearer(app.token),
      { cookie: "authjs.session-token=forged" },
    ];
    for (const headers of callers) {
      for (const [handler, method, params] of [
        [clock.GET, "GET", {}],
        [clock.POST, "POST", {}],
        [expire.POST, "POST", { consentId: "anything" }],
        [totals.GET, "GET", { resourceId: "anything" }],
      ] as [Handler, string, Record<string, string>][]) {
        const res = await hit(handler, method, headers, params, method === "POST" ? '{"advanceDays":1}' : undefined);
        expect(res.status, `${method} ${JSON.stringify(headers)}`).toBe(401);
        expect(((await res.json()) as { tppMessages: { code: string }[] }).tppMessages[0].code).toBe("UNAUTHORIZED");
      }
    }
    const today = await hit(clock.GET, "GET", { "x-sandbox-control": process.env.SANDBOX_CONTROL_SECRET ?? "" });
    expect(((await today.json()) as { offsetDays: number }).offsetDays).toBe(0);
  });

  it("answers the operator's secret and a signed-in person", async () => {
    const p = await makePerson("ops");
    expect(
      (await hit(clock.GET, "GET", { "x-sandbox-control": process.env.SANDBOX_CONTROL_SECRET ?? "" })).status,
    ).toBe(200);
    expect((await hit(clock.GET, "GET", bearer(p.token))).status).toBe(200);
    expect((await hit(clock.POST, "POST", bearer(p.token), {}, '{"advanceDays":0}')).status).toBe(200);
  });
});

describe("the sandbox under NODE_ENV=production", () => {
  it("is off unless SANDBOX_BANK_ENABLED=1, controls and directory alike", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SANDBOX_BANK_ENABLED", undefined);
    vi.resetModules();
    const off = await import("@/app/sandbox-bank/api/controls/clock/route");
    const directory = await import("@/app/sandbox-bank/api/directory/route");
    const secret = { "x-sandbox-control": process.env.SANDBOX_CONTROL_SECRET ?? "" };
    expect((await hit(off.GET, "GET", secret)).status).toBe(404);
    expect((await hit(directory.GET, "GET")).status).toBe(404);

    vi.stubEnv("SANDBOX_BANK_ENABLED", "1");
    vi.resetModules();
    const on = await import("@/app/sandbox-bank/api/controls/clock/route");
    expect((await hit(on.GET, "GET", secret)).status).toBe(200);
  });
});
