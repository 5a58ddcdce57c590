// Every control of the three banks answers the operator only: the control secret in X-Sandbox-Control.
// Anyone else — no header, a wrong secret, a bearer token, an app session cookie — gets 401 and changes
// nothing. (A banks process without a secret refuses every control: sandbox/server.integration.test.ts.)
import { describe, expect, it } from "vitest";
import { bankRequest, control, CONTROL, type BankAnswer } from "@/sandbox/testing/test-banks";

const CONTROLS: [string, string, unknown?][] = [
  ["GET", "/sandbox-bank/api/controls/clock"],
  ["POST", "/sandbox-bank/api/controls/clock", { advanceDays: 1 }],
  ["POST", "/sandbox-bank/api/controls/clock/reset"],
  ["GET", "/sandbox-bank/api/controls/users"],
  ["POST", "/sandbox-bank/api/controls/consents/anything/expire"],
  ["POST", "/sandbox-bank/api/controls/consents/anything/revoke"],
  ["GET", "/sandbox-bank/api/controls/accounts/anything/totals"],
  ["POST", "/sandbox-bank/api/controls/accounts/anything/hold"],
  ["POST", "/enablebanking-fake/controls/clock", { advanceDays: 1 }],
  ["POST", "/enablebanking-fake/controls/clock/reset"],
  ["POST", "/enablebanking-fake/controls/accounts/anything/expire"],
  ["GET", "/enablebanking-fake/controls/accounts/anything/totals"],
  ["POST", "/gocardless-fake/controls/clock", { advanceDays: 1 }],
  ["POST", "/gocardless-fake/controls/tokens/expire"],
  ["GET", "/gocardless-fake/controls/accounts/anything/totals"],
  ...["/companies-house-fake", "/gleif-fake"].flatMap((fake): [string, string, unknown?][] => [
    ["POST", `${fake}/_control/mode`, { mode: "unavailable" }],
    ["GET", `${fake}/_control/calls`],
    ["POST", `${fake}/_control/reset`],
  ]),
];

const CALLERS: Record<string, string>[] = [
  {},
  { "x-sandbox-control": "wrong" },
  { "x-sandbox-control": "" },
  { authorization: "Bearer ll_pat_someone" },
  { cookie: "authjs.session-token=a-signed-in-person" },
];

const refusal = (res: BankAnswer) => JSON.stringify(res.json);

describe("the banks' controls", () => {
  it("refuse everyone but the operator with 401, and nothing changes", async () => {
    for (const headers of CALLERS)
      for (const [method, path, body] of CONTROLS) {
        const res = await bankRequest(path, { method, headers, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(res.headers.get("www-authenticate")).toContain("ledgerlink-sandbox-controls");
        expect(refusal(res)).toContain("X-Sandbox-Control".toLowerCase());
      }
    expect((await control<{ offsetDays: number }>("GET", "clock")).json.offsetDays).toBe(0);
  });

  it("answer the operator's secret", async () => {
    expect((await control("GET", "clock")).status).toBe(200);
    expect((await control("GET", "users")).status).toBe(200);
    const eb = await bankRequest("/enablebanking-fake/controls/clock/reset", { method: "POST", headers: CONTROL });
    const gc = await bankRequest("/gocardless-fake/controls/clock/reset", { method: "POST", headers: CONTROL });
    expect([eb.status, gc.status]).toEqual([200, 200]);
  });

  it("the sandbox bank's refusal is in its XS2A error format", async () => {
    const res = await bankRequest("/sandbox-bank/api/controls/clock");
    expect(res.json).toMatchObject({ tppMessages: [{ category: "ERROR", code: "UNAUTHORIZED" }] });
  });
});
