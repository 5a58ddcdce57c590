// Scenarios both aggregator fakes (Enable Banking's and GoCardless's) play alike through our API: a
// scenario user connects and syncs, and our stored rows are held to the fake's own totals. Each
// integration test names its fake once (FakeUnderTest) and adds what only its bank does.
import { expect } from "vitest";
import * as revokeRoute from "@/app/api/accounttracking/v1/consents/[consent]/revoke/route";
import { pool, prisma } from "@/lib/db/client";
import type { FakeCall } from "@/sandbox/shared/memory";
import {
  connectedAndSynced,
  decideAtFakeBank,
  expectFollowedByIban,
  renewedAtFakeBank,
  type AggregatorConnected,
} from "@/testing/support/aggregator-flow";
import { createConsent, initiate } from "@/testing/support/consent-flow";
import {
  expectIdenticalCoffeesKept,
  expectStoredEqualTo,
  storedTotals,
  type FakeTotals,
} from "@/testing/support/fake-bank-truth";
import { call } from "@/testing/support/http";
import { syncOnce } from "@/testing/support/sync-runs";

export type FakeUnderTest<C extends AggregatorConnected> = {
  /** A valid consent approved at the fake by the scenario user. */
  connect: (user: string) => Promise<C>;
  /** What the fake holds for one of its account ids. */
  totals: (bankAccountId: string) => (FakeTotals & { balance: string }) | null;
  calls: () => FakeCall[];
  moveClock: (days: number) => void;
  resetClock: () => void;
};

type Account = { id: string; externalId: string };

/** The scenarios, played at `fake`. */
export function scenariosAt<C extends AggregatorConnected>(fake: FakeUnderTest<C>) {
  /** Connected as the scenario user, a shared account tracked and its first sync run. */
  const synced = (user: string) => connectedAndSynced(fake.connect, user);
  const expectEqualToFake = (account: Account) => expectStoredEqualTo(account.id, fake.totals(account.externalId));
  /** The fake's answers to calls about one of its accounts. */
  const callsFor = (bankAccountId: string) => fake.calls().filter((c) => c.path.includes(bankAccountId));

  return {
    synced,
    expectEqualToFake,
    callsFor,

    /** The first sync equals the fake, the stored balance is the fake's, and an unattended re-sync changes nothing. */
    async expectFirstSyncKept({ c, account }: { c: C; account: Account }) {
      await expectEqualToFake(account);
      const tracked = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
      expect(tracked.balanceAmount?.toString()).toBe(String(Number(fake.totals(account.externalId)?.balance)));
      const again = await syncOnce(account.id, c.person.scopeId, { attended: false });
      expect([again.state, again.added, again.updated, again.removed]).toEqual(["succeeded", 0, 0, 0]);
      await expectEqualToFake(account);
    },

    /** The scenario user's faults are waited out or retried: `statuses` checks the fake's answers to our calls. */
    async expectFaultsOvercome(user: string, statuses: (answered: number[]) => void) {
      const { account, done } = await synced(user);
      expect(done.state).toBe("succeeded");
      statuses(callsFor(account.externalId).map((x) => x.status));
      await expectEqualToFake(account);
    },

    /**
     * alice's pending rows, then a sync after the fake's clock moved `days`: the sync succeeds, rows are
     * updated in place (at least as many as were booked since) and equal the fake. `check` runs while
     * the clock is still moved, with the counts of the pending rows and of those now booked.
     */
    async expectPendingBooked(days: number, check: (run: { removed: number }, counts: PendingCounts) => void) {
      const { c, account } = await synced("alice");
      const live = "FROM transactions WHERE account_id = $1 AND removed_at IS NULL";
      const pending = await pool().query<{ external_id: string }>(`SELECT external_id ${live} AND status = 'pending'`, [
        account.id,
      ]);
      expect(pending.rowCount).toBeGreaterThan(0);
      fake.moveClock(days);
      try {
        const next = await syncOnce(account.id, c.person.scopeId);
        expect(next.state).toBe("succeeded");
        const booked = await pool().query(`SELECT 1 ${live} AND external_id = ANY($2) AND status = 'booked'`, [
          account.id,
          pending.rows.map((r) => r.external_id),
        ]);
        expect(next.updated).toBeGreaterThanOrEqual(booked.rowCount ?? 0);
        check(next, { pending: pending.rowCount ?? 0, booked: booked.rowCount ?? 0 });
        await expectEqualToFake(account);
      } finally {
        fake.resetClock();
      }
    },

    /** idless: identical id-less entries on one day stay separate rows, stable across re-syncs. */
    async expectIdlessKept() {
      const { c, account, done } = await synced("idless");
      expect(done.state).toBe("succeeded");
      await expectEqualToFake(account);
      await expectIdenticalCoffeesKept(account.id);
      const again = await syncOnce(account.id, c.person.scopeId);
      expect([again.state, again.added, again.removed]).toEqual(["succeeded", 0, 0]);
      await expectEqualToFake(account);
    },

    /**
     * alice's access ended at the fake (`end`): the next sync fails with `message`, the consent takes
     * `status` at once, and what was stored stays.
     */
    async expectEndedAtBank(end: (c: C) => boolean, status: string, message: RegExp) {
      const { c, account } = await synced("alice");
      const stored = (await storedTotals(account.id)).booked;
      expect(end(c)).toBe(true);
      const failed = await syncOnce(account.id, c.person.scopeId);
      expect(failed.state).toBe("failed");
      expect(failed.lastError).toMatch(message);
      expect((await prisma().consent.findUniqueOrThrow({ where: { id: c.consentId } })).status).toBe(status);
      expect((await storedTotals(account.id)).booked).toBe(stored);
    },
  };
}

type PendingCounts = { pending: number; booked: number };

/** A second consent at alice's bank, sent to the fake and cancelled there: its id and the fake's redirect back. */
export async function cancelledAtFakeBank(c: AggregatorConnected) {
  const consentId = await createConsent(c.headers, {
    integrationName: c.bank.integrationName,
    bankId: c.bank.bankId,
    expiryDays: 30,
  });
  return { consentId, back: await decideAtFakeBank(await initiate(c.headers, consentId), "alice", "cancel") };
}

/** POST …/revoke answers 200 with the consent revoked. */
export async function expectRevoked(c: AggregatorConnected) {
  const res = await call<{ data: { status: string } }>(revokeRoute.POST, "POST", "x", {
    headers: c.headers,
    params: { consent: c.consentId },
  });
  expect([res.status, res.json.data.status]).toEqual([200, "revoked"]);
}

/** Renewed at the fake (a new authorisation, not `endedExternalId`); the tracked account follows it by IBAN. */
export async function expectRenewedFollowed(
  c: AggregatorConnected,
  account: Parameters<typeof expectFollowedByIban>[0],
  endedExternalId: string,
) {
  const renewal = await renewedAtFakeBank(c);
  expect(renewal.externalId).not.toBe(endedExternalId);
  await expectFollowedByIban(account, renewal.id);
}
