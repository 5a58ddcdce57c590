// The recurring payments API over a real sync of the sandbox user `recurring`: a person's word
// (audited, kept across re-detection), 422 / 404 / 403, and the events: recurring.amount_changed at
// detection, recurring.late and its notification when the bank's clock passes an expected date.
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/recurring/route";
import * as streamRoute from "@/app/api/accounttracking/v1/recurring/[streamId]/route";
import { pool, prisma } from "@/lib/db/client";
import { detectAccount } from "@/lib/recurring/detect-account";
import type { RecurringStream, RecurringStreamDetail } from "@/lib/recurring/schemas";
import { moveStreamsByClock } from "@/lib/recurring/tick";
import { WEBHOOK_EVENT_SCHEMAS } from "@/lib/webhooks/events";
import { RECURRING_PARTIES } from "@/sandbox/bank/data/generate-recurring";
import { connectedConsent, syncedAccount, type Connected } from "@/testing/support/bank-flow";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

const PATH = "/api/accounttracking/v1/recurring";
let c: Connected;
let accountId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  c = await connectedConsent("recurring");
  headers = bearer(c.person.token, c.person.scopeId);
  await prisma().webhookEndpoint.create({
    data: {
      scopeId: c.person.scopeId,
      url: "https://example.com/hook",
      events: ["recurring.late", "recurring.amount_changed"],
      secretCiphertext: "unused",
    },
  });
  const { account } = await syncedAccount(c);
  accountId = account.id;
  expect(await detectAccount(accountId)).toBe(10);
});

async function list(query = "", as = headers) {
  const answer = await call<{ data: RecurringStream[] }>(listRoute.GET, "GET", PATH, { headers: as, query });
  expect(answer.status).toBe(200);
  return answer.json.data;
}

const streamOf = async (label: string, query = "filter[dismissed]=any") =>
  (await list(query)).filter((s) => s.counterpartName === label);

const patch = (id: string, body: unknown, as = headers) =>
  call<{ data: RecurringStreamDetail }>(streamRoute.PATCH, "PATCH", `${PATH}/${id}`, {
    headers: as,
    params: { streamId: id },
    body,
  });

const auditActions = async (id: string) =>
  (
    await pool().query<{ action: string }>(
      "SELECT action FROM audit_events WHERE record_type = 'recurring_stream' AND record_id = $1 ORDER BY seq",
      [id],
    )
  ).rows.map((r) => r.action);

const events = async (type: string) =>
  (
    await pool().query<{ payload: unknown }>(
      "SELECT payload FROM webhook_events WHERE scope_id = $1 AND type = $2 ORDER BY created_at",
      [c.person.scopeId, type],
    )
  ).rows.map((r) => r.payload);

describe("recurring payments API", () => {
  it("lists the account's streams, late first, with its filters", async () => {
    const all = await list(`filter[accountId]=${accountId}`);
    expect(all).toHaveLength(10);
    const order = { late: 0, amount_changed: 1, active: 2, ended: 3 } as const;
    const ranks = all.map((s) => order[s.status]);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(all[0]).toMatchObject({ counterpartName: RECURRING_PARTIES.mealBox, status: "late" });
    expect((await list("filter[status]=late")).map((s) => s.counterpartName)).toEqual([RECURRING_PARTIES.mealBox]);
    expect((await list("filter[status]=ended")).map((s) => s.counterpartName)).toEqual([RECURRING_PARTIES.newspaper]);
  });

  it("a dismissed stream stays dismissed when detection runs again; restoring it is audited too", async () => {
    const [rent] = await streamOf(RECURRING_PARTIES.landlord);
    const dismissed = await patch(rent.id, { dismissed: true });
    expect(dismissed.status).toBe(200);
    expect(dismissed.json.data.dismissedAt).not.toBeNull();
    expect((await list()).some((s) => s.id === rent.id)).toBe(false);

    await detectAccount(accountId);
    const [again] = await streamOf(RECURRING_PARTIES.landlord);
    expect([again.id, again.dismissedAt]).toEqual([rent.id, dismissed.json.data.dismissedAt]);

    expect((await patch(rent.id, { dismissed: false })).json.data.dismissedAt).toBeNull();
    expect(await auditActions(rent.id)).toEqual(["recurring.dismissed", "recurring.restored"]);
  });

  it("a person's name and confirmation survive detection", async () => {
    const [salary] = await streamOf(RECURRING_PARTIES.employer);
    const named = await patch(salary.id, { name: "Salary", confirmed: true });
    expect([named.status, named.json.data.name, named.json.data.counterpartName]).toEqual([
      200,
      "Salary",
      RECURRING_PARTIES.employer,
    ]);
    await detectAccount(accountId);
    const [after] = await streamOf(RECURRING_PARTIES.employer);
    expect([after.name, after.confirmedAt]).toEqual(["Salary", named.json.data.confirmedAt]);
    expect(await auditActions(salary.id)).toEqual(["recurring.renamed", "recurring.confirmed"]);
  });

  it("422 for a body or filter it cannot read", async () => {
    const [any] = await list();
    for (const body of [{}, { dismissed: "yes" }, { name: "" }, { odd: 1 }])
      expect((await patch(any.id, body)).status, JSON.stringify(body)).toBe(422);
    const bad = await call(listRoute.GET, "GET", PATH, { headers, query: "filter[status]=sometimes" });
    expect(bad.status).toBe(422);
  });

  it("404 for another scope's stream (before any 403); a viewer reads but may not change", async () => {
    const [any] = await list();
    const stranger = await makePerson("stranger");
    const theirs = bearer(stranger.token, stranger.scopeId);
    const get = await call(streamRoute.GET, "GET", `${PATH}/${any.id}`, {
      headers: theirs,
      params: { streamId: any.id },
    });
    expect(get.status).toBe(404);
    expect((await patch(any.id, { confirmed: true }, theirs)).status).toBe(404);
    expect(await list("", theirs)).toEqual([]);

    const viewer = await makePerson("viewer");
    await addMember(c.person.scopeId, viewer.userId, "viewer");
    const asViewer = bearer(viewer.token, c.person.scopeId);
    expect((await list("", asViewer)).length).toBeGreaterThan(0);
    expect((await patch(any.id, { confirmed: true }, asViewer)).status).toBe(403);
  });

  it("GET one stream answers its latest payments", async () => {
    const [gym] = await streamOf(RECURRING_PARTIES.gym);
    const one = await call<{ data: RecurringStreamDetail }>(streamRoute.GET, "GET", `${PATH}/${gym.id}`, {
      headers,
      params: { streamId: gym.id },
    });
    expect(one.status).toBe(200);
    const history = one.json.data.history;
    expect(history.length).toBe(Math.min(24, gym.occurrences));
    expect(history[history.length - 1]).toMatchObject({ date: gym.lastDate, amount: gym.lastAmount });
  });

  it("recurring.amount_changed at detection, once; its payload parses", async () => {
    const [gym] = await streamOf(RECURRING_PARTIES.gym);
    expect([gym.status, gym.typicalAmount]).toEqual(["amount_changed", "34.90"]);
    const changed = await events("recurring.amount_changed");
    expect(changed).toHaveLength(1);
    expect(WEBHOOK_EVENT_SCHEMAS["recurring.amount_changed"].parse(changed[0])).toMatchObject({
      streamId: gym.id,
      previousAmount: "29.90",
      amount: "34.90",
    });
  });

  it("the tick makes a stream late by the bank's clock: recurring.late once, and a notification", async () => {
    const [rent] = await streamOf(RECURRING_PARTIES.landlord);
    const due = Date.parse(`${rent.nextExpectedDate}T12:00:00Z`);
    expect(await moveStreamsByClock(new Date(due + 6 * 86_400_000), accountId)).toBeGreaterThan(0);
    await moveStreamsByClock(new Date(due + 6 * 86_400_000), accountId);
    const late = (await events("recurring.late")).map((p) => WEBHOOK_EVENT_SCHEMAS["recurring.late"].parse(p));
    const rentLate = late.filter((p) => p.streamId === rent.id);
    expect(rentLate).toEqual([
      expect.objectContaining({ expectedDate: rent.nextExpectedDate, expectedAmount: "950.00" }),
    ]);
    const notice = await prisma().notification.findUniqueOrThrow({
      where: { scopeId_dedupeKey: { scopeId: c.person.scopeId, dedupeKey: `recurring.late:${rent.id}` } },
    });
    expect([notice.kind, notice.href, notice.resolvedAt]).toEqual([
      "recurring.late",
      `/recurring?stream=${rent.id}`,
      null,
    ]);
    expect(notice.title).toContain(RECURRING_PARTIES.landlord);
    // Paid after all (detection by today's clock sees it on time): the notification is resolved.
    await detectAccount(accountId);
    const resolved = await prisma().notification.findUniqueOrThrow({ where: { id: notice.id } });
    expect(resolved.resolvedAt).not.toBeNull();
  });
});
