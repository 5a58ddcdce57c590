// Concurrent triggers against the real database: every caller of sync-transactions gets 202 with
// the one active run (no 500 from a unique violation inside an aborted transaction); concurrent
// registrations give one 201 and 200s. Only a browser session is attended: a personal access token
// is a script, and its syncs count against the PSD2 budget.
import { describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/accounttracking/v1/accounts/[id]/sync-transactions/route";
import * as usersRoute from "@/app/api/accounttracking/v1/users/route";
import { pool, prisma } from "@/lib/db/client";
import { executeRun } from "@/lib/sync/runner";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { makePerson, sessionCookie } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type RunBody = { data: { id: string; attended: boolean } };

describe("concurrent triggers", () => {
  it("20 concurrent sync requests: every caller gets 202 with the one active run", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);
    const headers = { cookie: await sessionCookie(c.person.userId), "x-scope": c.person.scopeId };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<RunBody>(syncRoute.POST, "POST", "x", { headers, params: { id: account.id } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const ids = new Set(answers.map((a) => a.json.data.id));
    expect(ids.size).toBe(1);
    const active = await pool().query(
      "SELECT id FROM sync_runs WHERE account_id = $1 AND state IN ('queued', 'running')",
      [account.id],
    );
    expect(active.rows.map((r: { id: string }) => r.id)).toEqual([...ids]);
  });

  it("10 concurrent registrations: one 201, the rest 200", async () => {
    const p = await makePerson("register");
    const headers = bearer(p.token, p.scopeId);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(usersRoute.POST, "POST", "x", { headers })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(await prisma().trackingRegistration.count({ where: { scopeId: p.scopeId, userId: p.userId } })).toBe(1);
  });
});

describe("who is present", () => {
  it("a personal token's sync is unattended (no PSU-IP-Address); a browser session's is attended", async () => {
    const c = await connectedConsent("alice");
    const { account } = await syncedAccount(c);

    const script = await call<RunBody>(syncRoute.POST, "POST", "x", {
      headers: bearer(c.person.token, c.person.scopeId),
      params: { id: account.id },
    });
    expect(script.status).toBe(202);
    const scripted = await prisma().syncRun.findUniqueOrThrow({ where: { id: script.json.data.id } });
    expect([scripted.attended, scripted.psuIpAddress]).toEqual([false, null]);
    await executeRun(scripted.id, "test-worker");
    // Its attempt drew on the 4-a-day budget.
    expect(await prisma().bankAccess.count({ where: { runId: scripted.id } })).toBe(1);

    const browser = await call<RunBody>(syncRoute.POST, "POST", "x", {
      headers: { cookie: await sessionCookie(c.person.userId), "x-scope": c.person.scopeId },
      params: { id: account.id },
    });
    const present = await prisma().syncRun.findUniqueOrThrow({ where: { id: browser.json.data.id } });
    expect(present.attended).toBe(true);
    expect(present.psuIpAddress).not.toBeNull();
  });
});
