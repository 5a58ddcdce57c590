// Sync faults against the built app as it ships: once with the worker inside the server (`npm
// start`), once with SYNC_IN_APP=0 and a separate `npm run worker` process, and each through both
// bank integrations: the sandbox bank (NextGenPSD2) and the local fake Enable Banking. After every
// scenario the app's transactions equal the bank's own answer: count, sum per currency, bank ids,
// every field, no duplicates. What a person is told is checked where the scenario shows it. Where
// the bank changes what it shows (pending → booked, re-issued ids, a cancelled hold, an unchanged
// re-sync), a connector that only follows the account's change feed with an API key of its own ends
// equal to the bank after each step, and each step's feed holds exactly the bank's differences.
import { expect, test } from "./support/project-servers";
import { expectEqualToBank, ourTransactions } from "./support/bank-truth";
import { runEnded, startSync, syncStatus, trackAccount, type Run } from "./support/connect";
import { faultBanks } from "./support/fault-banks";
import { signedInPerson } from "./support/person";
import { FAULTS_SPLIT_DATA_DIR, FAULT_SYNC_ENV, isSplit } from "./support/topology";
import { startWorker, workerEnv, type WorkerProcess } from "./support/worker-process";
import { dataOf } from "./support/envelope";
import { connectorHeaders, expectStep, feedFollower } from "./support/feed-follower";

// One scenario at a time: some move the bank's clock, which every account of this server sees.
test.describe.configure({ mode: "serial" });

let worker: WorkerProcess | null = null;

// The split topology's worker is up before the first scenario's clock starts (it boots like `npm run worker`).
test.beforeAll(async ({ baseURL }, info) => {
  if (!isSplit(info.project.name)) return;
  info.setTimeout(120_000);
  worker = startWorker(workerEnv(baseURL ?? "", FAULTS_SPLIT_DATA_DIR, FAULT_SYNC_ENV));
  await worker.ready;
});

test.afterAll(async () => {
  await worker?.stop();
  worker = null;
});

type Request = Parameters<typeof signedInPerson>[0];

for (const bank of faultBanks()) {
  test.describe(`through ${bank.name}`, () => {
    async function setUp(
      request: Request,
      baseURL: string | undefined,
      bankUser: string,
      as: "session" | "token" = "session",
    ) {
      const person = await signedInPerson(request, baseURL ?? "");
      const connection = await bank.connect(request, person, bankUser);
      const headers = as === "session" ? person.session : person.token;
      const { account } = await trackAccount(request, headers, connection);
      const truth = () => bank.truth(request, account, connection);
      // Every scenario starts from a first sync that succeeded (the faults are waited out).
      const first = await runEnded(request, headers, account.id);
      expect(first.state, first.lastError ?? "").toBe("succeeded");
      return { person, connection, headers, account, truth, first };
    }

    /** A connector following the account's change feed, caught up with the first sync. */
    async function connector(request: Request, person: Awaited<ReturnType<typeof setUp>>["person"], accountId: string) {
      const feed = feedFollower(request, await connectorHeaders(request, person), accountId);
      return feed;
    }

    /** Asks for a sync now and waits for it to end. */
    async function syncAgain(request: Request, headers: Record<string, string>, accountId: string) {
      await startSync(request, headers, accountId);
      return runEnded(request, headers, accountId);
    }

    /**
     * Moves the bank's clock, syncs, runs `check` (the bank's answer must be read while its clock is
     * still moved), and puts the clock back. The sync must succeed.
     */
    async function syncDaysLater(
      request: Request,
      headers: Record<string, string>,
      accountId: string,
      days: number,
      check: (run: Run) => Promise<void>,
    ) {
      await bank.moveClock(request, days);
      try {
        const run = await syncAgain(request, headers, accountId);
        expect(run.state, run.lastError ?? "").toBe("succeeded");
        await check(run);
      } finally {
        await bank.moveClock(request, "reset");
      }
    }

    test("429 from the bank (ratelimited), a script's sync: re-queued after Retry-After, then equal to the bank", async ({
      request,
      baseURL,
    }) => {
      const { headers, account, truth, first: run } = await setUp(request, baseURL, bank.users.ratelimited, "token");
      expect(run.attended).toBe(false);
      // The bank refused the first calls: every retry was a new attempt (each one a PSD2 access).
      expect(run.attempts).toBeGreaterThanOrEqual(2);
      expectEqualToBank(await truth(), await ourTransactions(request, headers, account.id));
    });

    test("5xx from the bank (flaky), a person's sync: retried, then equal to the bank", async ({
      request,
      baseURL,
    }) => {
      const { headers, account, truth, first } = await setUp(request, baseURL, bank.users.flaky);
      expect(first.attended).toBe(true);
      expectEqualToBank(await truth(), await ourTransactions(request, headers, account.id));
    });

    test("pending → booked: one row per transaction, updated in place", async ({ request, baseURL }) => {
      const { person, headers, account, truth } = await setUp(request, baseURL, bank.users.pending);
      const feed = await connector(request, person, account.id);
      const before = await ourTransactions(request, headers, account.id);
      expect(before.some((t) => t.status === "pending")).toBe(true);
      const atFirst = await truth();
      expectEqualToBank(atFirst, before);
      await expectStep(feed, null, atFirst);
      await syncDaysLater(request, headers, account.id, bank.bookingDays, async (run) => {
        expect(run.progress.updated).toBeGreaterThan(0);
        // Known by ids that do not change (Enable Banking: entry_reference, not transaction_id, which
        // the fake changes whenever its clock moves): no entry is taken for a re-issued one.
        expect(run.progress.reissued).toBe(0);
        const atBank = await truth();
        expectEqualToBank(atBank, await ourTransactions(request, headers, account.id));
        expect((await expectStep(feed, atFirst, atBank)).modified.length).toBeGreaterThan(0);
      });
    });

    test("identical entries without bank ids (noids / idless): both kept, ids stable across re-syncs", async ({
      request,
      baseURL,
    }) => {
      const { person, headers, account, truth } = await setUp(request, baseURL, bank.users.idless);
      const feed = await connector(request, person, account.id);
      const atBank = await truth();
      await expectStep(feed, null, atBank);
      // The bank really sends identical id-less entries (the case that once lost money).
      const shapes = atBank.filter((t) => t.bankId === null).map((t) => JSON.stringify(t));
      expect(new Set(shapes).size).toBeLessThan(shapes.length);
      const first = await ourTransactions(request, headers, account.id);
      expectEqualToBank(atBank, first);
      const again = await syncAgain(request, headers, account.id);
      expect([again.state, again.progress.added, again.progress.removed]).toEqual(["succeeded", 0, 0]);
      const second = await ourTransactions(request, headers, account.id);
      expect(second.map((t) => t.bankTransactionId).sort()).toEqual(first.map((t) => t.bankTransactionId).sort());
      expectEqualToBank(await truth(), second);
      // An unchanged re-sync is no change at all in the feed.
      const step = await expectStep(feed, atBank, await truth());
      expect([step.added.length, step.modified.length, step.removed.length]).toEqual([0, 0, 0]);
    });

    test("an older core system's NUL padding and 3,000-character ids (oddities): stored as promised, matched again on re-sync", async ({
      request,
      baseURL,
    }) => {
      // setUp: the first sync succeeded (it failed on every retry before these were handled).
      const { headers, account, truth } = await setUp(request, baseURL, bank.users.oddities);
      const atBank = await truth();
      expect(atBank.filter((t) => t.bankId?.startsWith("sha256:")).length).toBeGreaterThan(0);
      const first = await ourTransactions(request, headers, account.id);
      expect(first.some((t) => t.remittanceInformation?.includes("\0"))).toBe(false);
      expectEqualToBank(atBank, first);
      const again = await syncAgain(request, headers, account.id);
      expect([again.state, again.progress.added, again.progress.updated, again.progress.removed]).toEqual([
        "succeeded",
        0,
        0,
        0,
      ]);
      expectEqualToBank(await truth(), await ourTransactions(request, headers, account.id));
    });

    // Scenarios only the sandbox bank plays (re-issued ids, old holds, cancelled and repeated payments).
    if (bank.name === "sandbox") {
      test("re-issued bank ids, inside and before the incremental window: paired with the rows we had, equal to the bank", async ({
        request,
        baseURL,
      }) => {
        const { person, headers, account, truth } = await setUp(request, baseURL, "reissue");
        const feed = await connector(request, person, account.id);
        const atFirst = await truth();
        await expectStep(feed, null, atFirst);
        const before = new Set((await ourTransactions(request, headers, account.id)).map((t) => t.bankTransactionId));
        await syncDaysLater(request, headers, account.id, 1, async (run) => {
          expect(run.progress.reissued).toBeGreaterThan(0);
          const after = await ourTransactions(request, headers, account.id);
          expect(after.filter((t) => !before.has(t.bankTransactionId)).length).toBeGreaterThan(0);
          const atBank = await truth();
          expectEqualToBank(atBank, after);
          // Re-issued ids are the same transactions, changed: modified, never removed and added again.
          expect((await expectStep(feed, atFirst, atBank)).modified.length).toBeGreaterThanOrEqual(
            run.progress.reissued,
          );
        });
      });

      test("a pending hold older than the incremental window (oldhold) stays while the bank lists it", async ({
        request,
        baseURL,
      }) => {
        const { headers, account, truth } = await setUp(request, baseURL, "oldhold");
        const again = await syncAgain(request, headers, account.id);
        expect([again.state, again.progress.removed]).toEqual(["succeeded", 0]);
        const ours = await ourTransactions(request, headers, account.id);
        expect(ours.some((t) => t.status === "pending")).toBe(true);
        expectEqualToBank(await truth(), ours);
      });

      test("a cancelled pending payment and a new one of the same amount (cancelled): two events, not a re-issue", async ({
        request,
        baseURL,
      }) => {
        const { person, headers, account, truth } = await setUp(request, baseURL, "cancelled");
        const feed = await connector(request, person, account.id);
        const atFirst = await truth();
        expectEqualToBank(atFirst, await ourTransactions(request, headers, account.id));
        await expectStep(feed, null, atFirst);
        await syncDaysLater(request, headers, account.id, 3, async (run) => {
          expect(run.progress.reissued).toBe(0);
          const atBank = await truth();
          expectEqualToBank(atBank, await ourTransactions(request, headers, account.id));
          // The cancelled hold is a removal the connector is told of.
          expect((await expectStep(feed, atFirst, atBank)).removed.length).toBeGreaterThan(0);
        });
      });
    }

    for (const how of ["expire", "revoke"] as const) {
      test(`consent ${how}d at the bank: status updated at once, the person told to reconnect, nothing lost`, async ({
        request,
        baseURL,
      }) => {
        const { connection, headers, account, truth } = await setUp(request, baseURL, bank.users.ordinary);
        const before = await truth();
        await bank.end(request, connection, account, how);

        const run = await syncAgain(request, headers, account.id);
        expect(run.state).toBe("failed");
        expect(run.attempts).toBe(1);
        const verb = how === "expire" ? "expired" : "ended";
        expect(run.lastError).toMatch(
          new RegExp(`^Access ${verb} at the bank on \\d{1,2} [A-Z][a-z]{2} \\d{4}; reconnect to continue\\.$`),
        );
        const consent = await request.get(`/api/accounttracking/v1/consents/${connection.consentId}`, { headers });
        expect((await dataOf<{ status: string }>(consent)).status).toBe(how === "expire" ? "expired" : "revoked");

        // Nothing stored was lost, and the next sync does not call the bank.
        expectEqualToBank(before, await ourTransactions(request, headers, account.id));
        const again = await syncAgain(request, headers, account.id);
        expect([again.state, again.lastError]).toEqual([
          "failed",
          expect.stringMatching(/^Access to this bank is (expired|revoked); reconnect to continue/),
        ]);
      });
    }

    test("20 concurrent sync requests: every caller gets 202 with the one run; the result equals the bank", async ({
      request,
      baseURL,
    }) => {
      const { headers, account, truth } = await setUp(request, baseURL, bank.users.ordinary);
      // The bank holds the account's report, so the one run is certainly in flight while all 20 arrive.
      await bank.hold(request, account, "hold");
      let released = false;
      try {
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            request.post(`/api/accounttracking/v1/accounts/${account.id}/sync-transactions`, { headers }),
          ),
        );
        expect(answers.map((a) => a.status())).toEqual(Array(20).fill(202));
        const ids = new Set(await Promise.all(answers.map(async (a) => (await dataOf<{ id: string }>(a)).id)));
        expect(ids.size).toBe(1);
        const during = await syncStatus(request, headers, account.id);
        expect([during.id, ["queued", "running"].includes(during.state)]).toEqual([[...ids][0], true]);
        await bank.hold(request, account, "release");
        released = true;
        const run = await runEnded(request, headers, account.id);
        expect([run.id, run.state]).toEqual([[...ids][0], "succeeded"]);
        expect((await syncStatus(request, headers, account.id)).id).toBe(run.id);
        expectEqualToBank(await truth(), await ourTransactions(request, headers, account.id));
      } finally {
        if (!released) await bank.hold(request, account, "release");
      }
    });
  });
}
