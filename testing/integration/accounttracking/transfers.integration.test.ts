// Own-account transfers on alice (current ↔ savings, "Monthly savings" every month): detected by the
// account holder's name while only one account is tracked, by IBAN once both are; left out of in/out,
// monthly figures, top counterparts and counterpart totals; and a person's correction, which wins
// both ways and survives a re-sync.
import { beforeAll, describe, expect, it } from "vitest";
import * as counterpartsRoute from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import * as statsRoute from "@/app/api/accounttracking/v1/accounts/[id]/stats/route";
import * as totalsRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/totals/route";
import * as listRoute from "@/app/api/accounttracking/v1/accounts/[id]/transactions/route";
import * as transferRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/transfer/route";
import { cents, rowsWith, syncedAlice, type SyncedAlice } from "@/testing/support/accounttracking";
import { resync } from "@/testing/support/counterparts";
import { makeAppToken, makePerson } from "@/testing/support/fixtures";
import { bearer, call, getData } from "@/testing/support/http";
import { withSandboxBank } from "@/testing/support/sandbox-server";

type Tx = {
  id: string;
  status: "booked" | "pending";
  amount: string;
  isTransfer: boolean;
  transferSource: string | null;
  transferOverride: boolean | null;
  remittanceInformation: string | null;
};
type Month = { month: string; inflow: string; outflow: string; net: string; transfersIn: string; transfersOut: string };
type Stats = { months: Month[]; topCounterparts: { name: string }[]; firstDate: string };

let alice: SyncedAlice;
withSandboxBank();
beforeAll(async () => {
  alice = await syncedAlice();
});

async function savingsRows(accountId: string) {
  const res = await call<{ data: Tx[] }>(listRoute.GET, "GET", "x", {
    headers: alice.headers,
    params: { id: accountId },
    query: "perPage=500&filter[q]=Monthly%20savings",
  });
  expect(res.status).toBe(200);
  return res.json.data;
}
const stats = async (id: string) =>
  (await call<{ data: Stats }>(statsRoute.GET, "GET", "x", { headers: alice.headers, params: { id } })).json.data;
const mark = (id: string, body: unknown, headers = alice.headers) =>
  call<{ data: Tx }>(transferRoute.PUT, "PUT", "x", { headers, params: { transactionId: id }, body });

describe("own-account transfers", () => {
  it("guesses by the account holder's name while the savings account is not tracked", async () => {
    const rows = await savingsRows(alice.current.id);
    expect(rows.length).toBeGreaterThan(12);
    expect(new Set(rows.map((r) => r.transferSource))).toEqual(new Set(["owner_name"]));
    const other = await rowsWith(alice.current.id, "Rent");
    expect(other.length).toBeGreaterThan(0);
  });

  it("detects by IBAN once both accounts are tracked, on both sides", async () => {
    const savings = await alice.trackSavings();
    for (const id of [alice.current.id, savings.id]) {
      const rows = await savingsRows(id);
      expect(rows.length).toBeGreaterThan(12);
      expect(rows.every((r) => r.isTransfer && r.transferSource === "tracked_account")).toBe(true);
    }
  });

  it("leaves transfers out of monthly in/out (all months of the history) and top counterparts", async () => {
    const s = await stats(alice.current.id);
    // alice has ~18 months of history: every month is reported, not the last 12.
    expect(s.months.length).toBeGreaterThan(12);
    expect(s.months[0].month).toBe(s.firstDate.slice(0, 7));
    // Monthly figures count booked rows only: a savings transfer still pending (late in a month) is not in them.
    const transfersOut = s.months.reduce((sum, m) => sum + cents([m.transfersOut]), 0n);
    const bookedOut = (await savingsRows(alice.current.id)).filter(
      (r) => r.status === "booked" && r.amount.startsWith("-"),
    );
    expect(transfersOut).toBe(-cents(bookedOut.map((r) => r.amount)));
    for (const m of s.months) expect(cents([m.inflow]) - cents([m.outflow])).toBe(cents([m.net]));
    expect(s.topCounterparts.map((c) => c.name)).not.toContain("Alice Martin");
    const listed = await call<{ data: { name: string }[] }>(counterpartsRoute.GET, "GET", "x", {
      headers: alice.headers,
      params: { id: alice.current.id },
      query: "perPage=200",
    });
    expect(listed.json.data.length).toBeGreaterThan(3);
    expect(listed.json.data.map((c) => c.name)).not.toContain("Alice Martin");
  });

  it("lets a person correct a guess both ways; the correction survives a re-sync", async () => {
    const [transfer] = await savingsRows(alice.current.id);
    const totals = async () =>
      (
        await getData<{ currencies: { outflow: string; transfers: { count: number } }[] }>(totalsRoute.GET, {
          headers: alice.headers,
          params: { id: alice.current.id },
        })
      ).currencies[0];
    const before = await totals();

    const unmarked = await mark(transfer.id, { isTransfer: false });
    expect(unmarked.status).toBe(200);
    expect(unmarked.json.data).toMatchObject({
      id: transfer.id,
      isTransfer: false,
      transferSource: null,
      transferOverride: false,
    });
    const after = await totals();
    expect(after.transfers.count).toBe(before.transfers.count - 1);
    expect(cents([after.outflow]) - cents([before.outflow])).toBe(-cents([transfer.amount]));

    await resync(alice.connected, alice.current.id);
    const kept = (await savingsRows(alice.current.id)).find((r) => r.id === transfer.id);
    expect(kept).toMatchObject({ isTransfer: false, transferOverride: false });

    const cleared = await call<{ data: Tx }>(transferRoute.DELETE, "DELETE", "x", {
      headers: alice.headers,
      params: { transactionId: transfer.id },
    });
    expect(cleared.json.data).toMatchObject({
      isTransfer: true,
      transferSource: "tracked_account",
      transferOverride: null,
    });

    const [rent] = await rowsWith(alice.current.id, "Rent");
    const marked = await mark(rent.id, { isTransfer: true });
    expect(marked.json.data).toMatchObject({ isTransfer: true, transferSource: "person", transferOverride: true });
  });

  it("refuses a malformed body (422), App tokens (403) and other scopes' transactions (404)", async () => {
    const [row] = await rowsWith(alice.current.id, "Rent");
    const bad = await mark(row.id, { isTransfer: "yes" });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain("isTransfer");
    const app = await makeAppToken(alice.connected.person.scopeId, "member");
    expect((await mark(row.id, { isTransfer: true }, bearer(app.token, alice.connected.person.scopeId))).status).toBe(
      403,
    );
    const other = await makePerson("stranger");
    expect((await mark(row.id, { isTransfer: true }, bearer(other.token, other.scopeId))).status).toBe(404);
  });
});
