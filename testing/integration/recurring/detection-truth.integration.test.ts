// Recurring payments detected on what a real sync of the sandbox users wrote, measured against the
// generator's truth; the figures are printed (and written in docs/recurring.md by hand).
import { describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/accounttracking/v1/recurring/route";
import { consentAccounts } from "@/lib/accounttracking/consents/consents";
import { db, pool } from "@/lib/db/client";
import { detectAccount } from "@/lib/recurring/detect-account";
import type { RecurringStream } from "@/lib/recurring/schemas";
import { bankById } from "@/sandbox/bank/data/banks";
import { recurringTruth } from "@/sandbox/bank/data/recurring-truth";
import { connectedConsent, syncedAccount, type Connected } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { measure } from "@/testing/support/recurring-truth";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

/** Tracks and syncs every account the consent shares; their ids by the bank's resourceId. */
async function syncAll(c: Connected): Promise<Map<string, string>> {
  const consent = await db().consent.findUniqueOrThrow({ where: { id: c.consentId } });
  const { accounts } = await consentAccounts(db(), consent);
  const ids = new Map<string, string>();
  for (const exposed of accounts) {
    const { account, run } = await syncedAccount(c, {
      accountType: exposed.accountType,
      accountId: exposed.externalId,
    });
    expect(run.state).toBe("succeeded");
    ids.set(account.id, exposed.externalId);
  }
  return ids;
}

async function measured(bankUser: string) {
  const c = await connectedConsent(bankUser);
  const accounts = await syncAll(c);
  // The successful runs queued the job; it is run here, as the worker would, for each account.
  const { rows } = await pool().query<{ account_id: string }>(
    "SELECT data->>'accountId' AS account_id FROM pgboss.job WHERE name = 'recurring-detect' AND data->>'accountId' = ANY($1)",
    [[...accounts.keys()]],
  );
  expect(new Set(rows.map((r) => r.account_id))).toEqual(new Set(accounts.keys()));
  for (const accountId of accounts.keys()) await detectAccount(accountId);
  const listed = await call<{ data: RecurringStream[] }>(listRoute.GET, "GET", "/api/accounttracking/v1/recurring", {
    headers: bearer(c.person.token, c.person.scopeId),
  });
  expect(listed.status).toBe(200);
  const bank = bankById(c.bankId);
  if (!bank) throw new Error(`no sandbox bank ${c.bankId}`);
  const result = measure(recurringTruth(bank, bankUser), listed.json.data, (id) => accounts.get(id) ?? "");
  console.log(
    `recurring detection, ${bankUser} at ${bank.name}: truth ${result.truth}, detected ${result.detected}, ` +
      `matched ${result.matched}, precision ${result.precision.toFixed(3)}, recall ${result.recall.toFixed(3)}` +
      (result.missed.length ? `; missed ${result.missed.join(" | ")}` : "") +
      (result.extra.length ? `; not in the truth ${result.extra.join(" | ")}` : "") +
      (result.wrongStatus.length ? `; wrong status ${result.wrongStatus.join(" | ")}` : ""),
  );
  return { ...result, scopeId: c.person.scopeId };
}

describe("recurring detection against the sandbox's truth", () => {
  it("recurring: every stream found, the changed amount, the stopped and the late stream by their status", async () => {
    const result = await measured("recurring");
    expect(result.truth).toBe(10);
    expect([result.recall, result.precision]).toEqual([1, 1]);
    expect(result.wrongStatus).toEqual([]);
    // The late one is told: a notification of what did not go out (its webhook: recurring-api tests).
    const told = await db().notification.findMany({ where: { scopeId: result.scopeId, kind: "recurring.late" } });
    expect(told.map((n) => n.title)).toEqual([
      expect.stringMatching(/^Maaltijdbox Verse Week: the payment expected on .+ has not gone out$/),
    ]);
  });

  it("alice: salary, rent, debits and savings on two accounts", async () => {
    const result = await measured("alice");
    expect(result.truth).toBeGreaterThan(0);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    expect(result.precision).toBeGreaterThanOrEqual(0.85);
  });

  it("bob.company: direct debits, payroll and sweeps on three accounts", async () => {
    const result = await measured("bob.company");
    expect(result.truth).toBeGreaterThan(20);
    expect(result.recall).toBeGreaterThanOrEqual(0.9);
    expect(result.precision).toBeGreaterThanOrEqual(0.85);
  });
});
