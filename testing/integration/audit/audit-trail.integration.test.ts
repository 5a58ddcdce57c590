// The audit trail of one full walk through the API, on the sandbox bank over HTTP: connect a consent,
// track an account, alias and merge counterparts, undo the merge, revoke the consent. Each change is
// one row, in order, naming the person and the token they used, with only the changed fields. A
// change whose transaction rolls back leaves no row.
import { beforeAll, describe, expect, it } from "vitest";
import * as accountsRoute from "@/app/api/accounttracking/v1/accounts/route";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as consolidateRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/route";
import * as undoRoute from "@/app/api/accounttracking/v1/counterparts/consolidations/[consolidationId]/route";
import * as revokeRoute from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import * as eventsRoute from "@/app/api/audit/v1/events/route";
import { repairConsents } from "@/lib/accounttracking/consents/repair";
import { auditActor } from "@/lib/audit/actor";
import { setAlias } from "@/lib/counterparts/edit";
import { inside } from "@/lib/db/transaction";
import { prisma } from "@/lib/db/client";
import { approveAtBank, connectedConsent, pendingSandboxConsent } from "@/testing/support/bank-flow";
import { listAll, type Listed } from "@/testing/support/counterparts";
import { call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { executeOnce } from "@/testing/support/sync-runs";

type Event = {
  action: string;
  actor: { kind: string; userId: string | null; tokenId: string | null; name: string | null };
  record: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string | null;
};

withSandboxBank();

let walk: Awaited<ReturnType<typeof pendingSandboxConsent>>;
let accountId: string;
let listed: Listed[];
let consolidationId: string;
const requestIds: Record<string, string> = {};

const events = async (query = "perPage=200") => {
  const res = await call<{ data: Event[] }>(eventsRoute.GET, "GET", "/api/audit/v1/events", {
    headers: walk.headers,
    query,
  });
  expect(res.status).toBe(200);
  return res.json.data;
};

beforeAll(async () => {
  walk = await pendingSandboxConsent("namesakes");
  await approveAtBank(walk.headers, walk.consentId, walk.bankId, "namesakes");
  const tracked = await call<{ data: { account: { id: string }; sync: { id: string } } }>(
    accountsRoute.POST,
    "POST",
    "/api/accounttracking/v1/accounts",
    {
      headers: walk.headers,
      body: { bankId: walk.bankId, countryCode: "BE", accountType: "private", consentId: walk.consentId },
    },
  );
  expect(tracked.status).toBe(201);
  requestIds.track = tracked.headers.get("x-request-id") ?? "";
  accountId = tracked.json.data.account.id;
  await executeOnce(tracked.json.data.sync.id);
  listed = await listAll(walk.headers, accountId);
  expect(listed.length).toBeGreaterThanOrEqual(3);

  const [aliased, target, member] = listed;
  const alias = await call(cpRoute.PATCH, "PATCH", "x", {
    headers: walk.headers,
    params: { counterpartId: aliased.id },
    body: { alias: "Landlord" },
  });
  expect(alias.status).toBe(200);
  const merged = await call<{ data: { id: string } }>(consolidateRoute.POST, "POST", "x", {
    headers: walk.headers,
    body: { targetId: target.id, memberIds: [member.id] },
  });
  expect(merged.status).toBe(201);
  consolidationId = merged.json.data.id;
  const undone = await call(undoRoute.DELETE, "DELETE", "x", {
    headers: walk.headers,
    params: { consolidationId },
  });
  expect(undone.status).toBe(200);
  const revoked = await call(revokeRoute.POST, "POST", "x", {
    headers: walk.headers,
    params: { consent: walk.consentId },
  });
  expect(revoked.status).toBe(200);
  requestIds.revoke = revoked.headers.get("x-request-id") ?? "";
});

describe("the audit trail of a full walk", () => {
  it("has one row per change, newest first, with the right record and before → after", async () => {
    const [aliased, target, member] = listed;
    const trail = (await events()).filter((e) => e.action !== "personal_token.created");
    expect(trail.map((e) => [e.action, e.record.type, e.record.id, e.before, e.after])).toEqual([
      ["consent.revoked", "consent", walk.consentId, { status: "valid" }, { status: "revoked" }],
      [
        "counterpart.merge_undone",
        "consolidation",
        consolidationId,
        { targetId: target.id, memberIds: [member.id] },
        null,
      ],
      ["counterpart.merged", "consolidation", consolidationId, null, { targetId: target.id, memberIds: [member.id] }],
      ["counterpart.alias_changed", "counterpart", aliased.id, { alias: null }, { alias: "Landlord" }],
      ["account.tracked", "account", accountId, null, expect.objectContaining({ consentId: walk.consentId })],
      ["consent.created", "consent", walk.consentId, null, expect.objectContaining({ bankId: walk.bankId })],
    ]);
  });

  it("names the person, the token they used and the request of each change", async () => {
    const all = await events();
    // The fixture made the person's token as if in their browser session, before the walk.
    expect(all.at(-1)).toMatchObject({
      action: "personal_token.created",
      actor: { kind: "session", userId: walk.person.userId, tokenId: null },
      record: { type: "personal_token", id: walk.person.tokenId },
    });
    const trail = all.slice(0, -1);
    expect(trail).toHaveLength(6);
    for (const e of trail) {
      expect(e.actor).toMatchObject({
        kind: "personal_token",
        userId: walk.person.userId,
        tokenId: walk.person.tokenId,
        name: "namesakes",
      });
    }
    const byAction = new Map(trail.map((e) => [e.action, e]));
    expect(byAction.get("account.tracked")?.requestId).toBe(requestIds.track);
    expect(byAction.get("consent.revoked")?.requestId).toBe(requestIds.revoke);
    // The tracked account's IBAN is redacted like the logs redact it.
    expect(byAction.get("account.tracked")?.after?.iban).toBe("[redacted]");
  });

  it("a change whose transaction rolls back leaves no row (and no change)", async () => {
    const counterpart = await prisma().counterpart.findUniqueOrThrow({ where: { id: listed[2].id } });
    const actor = auditActor(
      { kind: "user", userId: walk.person.userId, via: "session", tokenId: null },
      "rolled-back-request",
    );
    await expect(
      prisma().$transaction(async (tx) => {
        await setAlias({ counterpart, alias: "Never", actor, commit: inside(tx) });
        expect(await tx.auditEvent.count({ where: { requestId: "rolled-back-request" } })).toBe(1);
        throw new Error("the request failed after the change");
      }),
    ).rejects.toThrow("the request failed after the change");
    expect(await prisma().auditEvent.count({ where: { requestId: "rolled-back-request" } })).toBe(0);
    expect((await prisma().counterpart.findUniqueOrThrow({ where: { id: counterpart.id } })).alias).toBe(
      counterpart.alias,
    );
  });

  it("a revoke the repair tick finishes (the request died after recording it) is recorded as the system's", async () => {
    const other = await connectedConsent("alice");
    // The person's request recorded its intent, then died before the bank was asked.
    await prisma().consent.update({
      where: { id: other.consentId },
      data: { revokeRequestedAt: new Date(Date.now() - 60_000) },
    });
    await repairConsents();
    const trail = await prisma().auditEvent.findMany({ where: { recordId: other.consentId }, orderBy: { seq: "asc" } });
    expect(trail.map((e) => [e.action, e.actorKind, e.actorUserId, e.before, e.after])).toEqual([
      ["consent.created", "personal_token", other.person.userId, null, expect.anything()],
      ["consent.revoked", "system", null, { status: "valid" }, { status: "revoked" }],
    ]);
  });
});
