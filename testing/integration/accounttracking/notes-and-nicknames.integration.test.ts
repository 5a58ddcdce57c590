// The person's own words on their data: an account's nickname and a transaction's note and tags.
// Each is set through the API, shown wherever the account or transaction is, searchable (note and
// tags), exported in the CSV, kept across a re-sync (the bank's data never overwrites them), and
// recorded in the audit trail with its before and after.
import { beforeAll, describe, expect, it } from "vitest";
import * as accountRoute from "@/app/api/accounttracking/v1/accounts/[id]/route";
import * as csvRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions.csv/route";
import * as scopeListRoute from "@/app/api/accounttracking/v1/transactions/route";
import * as transactionRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/route";
import { prisma } from "@/lib/db/client";
import { syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { follower } from "@/testing/support/changes";
import { call } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

type Tx = { id: string; note: string | null; tags: string[]; accountName?: string | null };

let alice: SyncedAlice;
let target: Tx;
withSandboxBank();

const list = (query: string) => alice.transactions<Tx>(query);
const patchNote = (body: unknown, id = target.id) =>
  call<{ data: Tx }>(transactionRoute.PATCH, "PATCH", "x", {
    headers: alice.headers,
    params: { transactionId: id },
    body,
  });
const auditOf = (action: string, recordId: string) =>
  prisma().auditEvent.findMany({ where: { action, recordId }, orderBy: { seq: "asc" } });

beforeAll(async () => {
  alice = await syncedAlice();
  target = (await list("filter[status]=booked")).json.data[3];
});

describe("a transaction's note and tags", () => {
  it("are set, shown, searchable, exported and audited", async () => {
    const res = await patchNote({ note: "Paid back by Jo on Friday", tags: ["Holiday", "shared", "holiday"] });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ note: "Paid back by Jo on Friday", tags: ["holiday", "shared"] });
    for (const q of ["friday", "shared"]) {
      const found = (await list(`filter[q]=${q}`)).json.data.map((t) => t.id);
      expect(found).toContain(target.id);
    }
    const csv = await call(csvRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { id: alice.current.id },
      query: "filter[q]=shared",
    });
    const [header, ...rows] = csv.text.trimEnd().split("\r\n");
    const columns = header.split(",");
    const row = rows.find((r) => r.endsWith(target.id))?.split(",") ?? [];
    expect(row[columns.indexOf("note")]).toBe("Paid back by Jo on Friday");
    expect(row[columns.indexOf("tags")]).toBe("holiday shared");
    const [event] = await auditOf("transaction.note_changed", target.id);
    expect(event.before).toEqual({ note: null, tags: [] });
    expect(event.after).toEqual({ note: "Paid back by Jo on Friday", tags: ["holiday", "shared"] });
  });

  it("a changed note is a change in the account's feed, with the note; an unchanged one is none", async () => {
    // Another row than the one the other tests follow.
    const other = (await list("filter[status]=booked")).json.data[5];
    const feed = follower(alice.headers, alice.current.id);
    await feed.catchUp();
    expect((await patchNote({ note: "Split with Jo" }, other.id)).status).toBe(200);
    const changed = await feed.catchUp();
    expect(changed.modified.map((t) => [t.id, t.note])).toEqual([[other.id, "Split with Jo"]]);
    expect((await patchNote({ note: "Split with Jo" }, other.id)).status).toBe(200);
    expect((await feed.catchUp()).modified).toEqual([]);
  });

  it("a field left out is kept; an unchanged value writes no audit row; a bad tag is refused", async () => {
    const res = await patchNote({ tags: ["holiday", "shared"] });
    expect(res.json.data.note).toBe("Paid back by Jo on Friday");
    expect(await auditOf("transaction.note_changed", target.id)).toHaveLength(1);
    const bad = await patchNote({ tags: ["two words"] });
    expect(bad.status).toBe(422);
  });

  it("survive a re-sync of the account: the bank's data never overwrites them", async () => {
    expect((await syncOnce(alice.current.id, alice.connected.person.scopeId)).state).toBe("succeeded");
    const again = await call<{ data: Tx }>(transactionRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { transactionId: target.id },
    });
    expect(again.json.data).toMatchObject({ note: "Paid back by Jo on Friday", tags: ["holiday", "shared"] });
  });
});

describe("an account's nickname", () => {
  it("is set and cleared, named on the all-accounts list, and audited", async () => {
    const set = await call<{ data: { nickname: string | null; name: string | null } }>(
      accountRoute.PATCH,
      "PATCH",
      "x",
      {
        headers: alice.headers,
        params: { id: alice.current.id },
        body: { nickname: "Household" },
      },
    );
    expect(set.status, set.text).toBe(200);
    expect(set.json.data.nickname).toBe("Household");
    expect(set.json.data.name).not.toBe("Household");
    const rows = await call<{ data: Tx[] }>(scopeListRoute.GET, "GET", "x", {
      headers: alice.headers,
      query: "perPage=5",
    });
    expect(rows.json.data.every((t) => t.accountName === "Household")).toBe(true);
    const cleared = await call<{ data: { nickname: string | null } }>(accountRoute.PATCH, "PATCH", "x", {
      headers: alice.headers,
      params: { id: alice.current.id },
      body: { nickname: null },
    });
    expect(cleared.json.data.nickname).toBeNull();
    const events = await auditOf("account.nickname_changed", alice.current.id);
    expect(events.map((e) => [e.before, e.after])).toEqual([
      [{ nickname: null }, { nickname: "Household" }],
      [{ nickname: "Household" }, { nickname: null }],
    ]);
  });
});
