// A bank's party fields have no length we can rely on (the schemas say 70 characters; nothing
// enforces it). A page naming a party with a name or IBAN of several kilobytes must still be written
// and get a counterpart: a match key that long would not fit counterpart_keys' btree key (~2.7 kB a
// row), and the page's transaction would then fail on every retry.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { assignCounterparts } from "@/lib/counterparts/assign";
import { pgTransaction, pool } from "@/lib/db/client";
import { makePerson } from "@/testing/support/fixtures";
import { storedAccount } from "@/testing/support/stored-account";
import { bankEntry } from "@/testing/support/sync/bank-entry";
import { ingestAssigned, rowCounterparts } from "@/testing/support/sync/page-ingest";

/** Text that does not compress: a btree would have to store it whole. */
const incompressible = (bytes: number) => randomBytes(bytes).toString("base64url");

describe("counterparts of parties with very long fields", () => {
  it("are assigned, page by page and again as a whole, and the same party keeps one counterpart", async () => {
    const person = await makePerson();
    const { accountId } = await storedAccount(person, 0);
    const target = { scopeId: person.scopeId, accountId, runId: crypto.randomUUID() };
    const name = `Shop ${incompressible(6000)}`;
    const iban = `NL${incompressible(4000)}`;
    const entries = [
      bankEntry("long-1", "-12.50", { creditorName: name }),
      bankEntry("long-2", "-13.50", { creditorName: name }),
      bankEntry("long-3", "-14.50", { creditorName: "Other", creditorIban: iban }),
      bankEntry("long-4", "20.00", { debtorName: name, debtorIban: iban }),
    ];
    for (const page of [entries.slice(0, 2), entries.slice(2)])
      await pgTransaction((client) => ingestAssigned(client, target, page));
    const byPage = await rowCounterparts(accountId);
    expect(byPage.every((r) => r.counterpart_id !== null)).toBe(true);
    // The two payments to the long name are one party; the credit from it (long name and long IBAN)
    // joins the counterpart the long IBAN or the long name already has.
    expect(byPage[0].counterpart_id).toBe(byPage[1].counterpart_id);
    expect([byPage[0].counterpart_id, byPage[2].counterpart_id]).toContain(byPage[3].counterpart_id);

    // The whole-account path (its parties looked up by their row text) assigns them again.
    await pool().query("UPDATE transactions SET counterpart_id = NULL WHERE account_id = $1", [accountId]);
    const whole = await pgTransaction((c) => assignCounterparts(c, { scopeId: person.scopeId, accountId }));
    expect(whole).toBe(entries.length);
    expect(await rowCounterparts(accountId)).toEqual(byPage);
  });
});
