// Continuity: a person's choices survive what the bank does. A manual transaction binding survives
// a re-sync (the upsert never writes it) and a re-issued transaction id (reconcile keeps our row);
// counterparts belong to the scope, so an account arriving under new bank ids (a renewed or
// replaced consent) maps onto the same counterparts, with their aliases and families.
import { describe, expect, it } from "vitest";
import * as bindRoute from "@/app/api/accounttracking/v1/transactions/[transactionId]/counterpart/route";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as parentRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/parent/route";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { listAll, resync, syncedNamesakes } from "@/testing/support/counterparts";
import { pool, prisma } from "@/lib/db/client";
import { advanceBankClock, resetBankClock } from "@/testing/support/bank-flow";
import { bearer, call } from "@/testing/support/http";
import { makeAppToken } from "@/testing/support/fixtures";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type BoundTx = { data: { id: string; counterpartId: string; derivedCounterpartId: string; isBound: boolean } };

describe("counterpart continuity", () => {
  it("a manual binding survives a re-sync with new days and a re-issued bank id; unbinding restores the derived one", async () => {
    const { connected, account, headers } = await syncedNamesakes();
    try {
      const listed = await listAll(headers, account.id);
      // The newest booked transaction: inside the re-sync window, so reconcile sees its re-issue.
      const tx = await prisma().transaction.findFirstOrThrow({
        where: { accountId: account.id, status: "booked", counterpartId: { not: null } },
        orderBy: [{ sortDate: "desc" }, { id: "desc" }],
      });
      const other = listed.find((c) => c.id !== tx.counterpartId);
      if (!other) throw new Error("need two counterparts");
      const app = await makeAppToken(connected.person.scopeId, "member");
      const appTry = await call(bindRoute.PUT, "PUT", "x", {
        headers: bearer(app.token, connected.person.scopeId),
        params: { transactionId: tx.id },
        body: { counterpartId: other.id },
      });
      expect(appTry.status).toBe(403);
      const bound = await call<BoundTx>(bindRoute.PUT, "PUT", "x", {
        headers,
        params: { transactionId: tx.id },
        body: { counterpartId: other.id },
      });
      expect(bound.status).toBe(200);
      expect(bound.json.data).toMatchObject({
        counterpartId: other.id,
        derivedCounterpartId: tx.counterpartId,
        isBound: true,
      });

      // The bank moves on a week (a few days can pass without a payment: 2026-11-27 + 3 had none);
      // a re-sync ingests new rows and re-reads the bound one, still inside its 14-day overlap.
      await advanceBankClock(7);
      const second = await resync(connected, account.id);
      expect(second.state).toBe("succeeded");
      expect(second.added).toBeGreaterThan(0);
      let row = await prisma().transaction.findUniqueOrThrow({ where: { id: tx.id } });
      expect([row.boundCounterpartId, row.counterpartId]).toEqual([other.id, tx.counterpartId]);

      // The bank re-issues it under a new id: our row keeps its id and so its binding.
      await pool().query("UPDATE transactions SET external_id = 'reissued-' || external_id WHERE id = $1", [tx.id]);
      const third = await resync(connected, account.id);
      expect(third.reissued).toBeGreaterThanOrEqual(1);
      row = await prisma().transaction.findUniqueOrThrow({ where: { id: tx.id } });
      expect([row.externalId, row.boundCounterpartId]).toEqual([tx.externalId, other.id]);
      const after = await listAll(headers, account.id);
      const otherAfter = after.find((c) => c.id === other.id);
      expect(otherAfter?.totals.count).toBeGreaterThan(0);

      const unbound = await call<BoundTx>(bindRoute.DELETE, "DELETE", "x", {
        headers,
        params: { transactionId: tx.id },
      });
      expect(unbound.json.data).toMatchObject({ counterpartId: tx.counterpartId, isBound: false });
    } finally {
      await resetBankClock();
    }
  });

  it("an account under new bank ids maps onto the same counterparts, aliases and families", async () => {
    const { account, headers } = await syncedNamesakes();
    const listed = await listAll(headers, account.id);
    const [parent, child] = listed;
    await call(cpRoute.PATCH, "PATCH", "x", {
      headers,
      params: { counterpartId: parent.id },
      body: { alias: "Kept alias" },
    });
    await call(parentRoute.PUT, "PUT", "x", {
      headers,
      params: { counterpartId: child.id },
      body: { parentId: parent.id },
    });

    // What a replaced consent brings: the same bank account under a new resource id, every
    // transaction under a new transaction id (new rows on our side).
    const renewed = await prisma().trackedAccount.create({
      data: {
        scopeId: account.scopeId,
        consentId: account.consentId,
        integrationName: account.integrationName,
        bankId: account.bankId,
        countryCode: account.countryCode,
        accountType: account.accountType,
        externalId: `renewed-${account.externalId}`,
        currency: account.currency,
      },
    });
    await pool().query(
      `INSERT INTO transactions (id, scope_id, account_id, external_id, status, booking_date, value_date, sort_date, amount, currency,
              creditor_name, creditor_iban, ultimate_creditor, debtor_name, debtor_iban, ultimate_debtor, remittance_information, creditor_id, mandate_id, updated_at)
       SELECT gen_random_uuid(), scope_id, $2, 'new-' || external_id, status, booking_date, value_date, sort_date, amount, currency,
              creditor_name, creditor_iban, ultimate_creditor, debtor_name, debtor_iban, ultimate_debtor, remittance_information, creditor_id, mandate_id, now()
         FROM transactions WHERE account_id = $1`,
      [account.id, renewed.id],
    );
    const client = await pool().connect();
    try {
      await assignCounterparts(client, { scopeId: account.scopeId, accountId: renewed.id });
    } finally {
      client.release();
    }
    const again = await listAll(headers, renewed.id);
    const strip = (xs: typeof listed) => xs.map((c) => [c.id, c.totals.count, c.totals.sumOut]).sort();
    expect(strip(again)).toEqual(strip(listed));
    expect(again.find((c) => c.id === parent.id)?.displayName).toBe("Kept alias");
    expect(again.find((c) => c.id === child.id)?.parentId).toBe(parent.id);
    expect(await prisma().counterpart.count({ where: { scopeId: account.scopeId } })).toBe(listed.length);
  });
});
