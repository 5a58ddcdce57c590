// An account synced only unattended (tracked by a script, then the schedule) still shows the bank's
// balance: its first unattended sync reads the balance once, within PSD2's 4 unattended accesses a
// day (the read takes its own slot); once a balance is known, unattended syncs leave it to the
// person's own syncs and spend no access on it.
import { describe, expect, it } from "vitest";
import { pool, prisma } from "@/lib/db/client";
import { connectedConsent, trackedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { syncOnce } from "@/testing/support/sync-runs";

const bank = withSandboxBank();

const balanceReads = (externalId: string) =>
  bank.server.calls.filter((x) => x.path.includes(externalId) && x.path.includes("balances")).length;

describe("the bank's balance on unattended syncs", () => {
  it("the first unattended sync of an account without a balance reads it, taking one access slot", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    // The tracking run never reaches the bank here: the account is synced unattended only.
    await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [first.id]);

    const before = balanceReads(account.externalId);
    const done = await syncOnce(account.id, c.person.scopeId, { attended: false });
    expect(done.state).toBe("succeeded");
    const stored = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect(stored.balanceAmount).not.toBeNull();
    expect(balanceReads(account.externalId)).toBe(before + 1);
    expect(await prisma().bankAccess.count({ where: { runId: done.id } })).toBe(2);

    const again = await syncOnce(account.id, c.person.scopeId, { attended: false });
    expect(again.state).toBe("succeeded");
    expect(balanceReads(account.externalId)).toBe(before + 1);
    expect(await prisma().bankAccess.count({ where: { runId: again.id } })).toBe(1);
  });

  it("with no access slot left for the read, the sync still succeeds and keeps no balance", async () => {
    const c = await connectedConsent("alice");
    const { account, run: first } = await trackedAccount(c);
    await pool().query("UPDATE sync_runs SET state = 'failed', finished_at = now() WHERE id = $1", [first.id]);
    // Three of the four slots already used today: the sync takes the last, none is left for the read.
    for (let i = 0; i < 3; i += 1)
      await pool().query(
        "INSERT INTO bank_accesses (id, consent_id, account_id, run_id) VALUES (gen_random_uuid(), $1, $2, $3)",
        [account.consentId, account.id, first.id],
      );
    // The sandbox's alice has the same account ids in every consent: count this sync's reads only.
    const before = balanceReads(account.externalId);
    const done = await syncOnce(account.id, c.person.scopeId, { attended: false });
    expect(done.state).toBe("succeeded");
    expect(balanceReads(account.externalId)).toBe(before);
    expect((await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } })).balanceAmount).toBeNull();
  });
});
