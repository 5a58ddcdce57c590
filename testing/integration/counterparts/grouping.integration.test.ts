// Counterpart extraction on the sandbox bank's `namesakes` user, synced over HTTP: the same parties
// under several spellings, IBANs and intermediaries. What "grouped" means here (see docs/architecture.md,
// "Counterparts"): a party whose debits carry a SEPA creditor id (Vattenfall, KPN) is one counterpart
// across its IBANs and spellings; a party behind an intermediary is keyed by its own normalised name
// (bol.com, never Adyen); spellings that normalise differently and share no IBAN stay apart (AH to go
// versus Albert Heijn) until a person consolidates them; and no counterpart ever mixes two parties.
import { describe, expect, it } from "vitest";
import { pool } from "@/lib/db/client";
import { connectedConsent, syncedAccount } from "@/testing/support/bank-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";
import { NAMESAKES, PROCESSORS } from "@/sandbox/bank/data/parties";

withSandboxBank();

function partyOf(rawName: string): string {
  for (const n of Object.values(NAMESAKES)) if ((n.spellings as readonly string[]).includes(rawName)) return n.key;
  return `other:${rawName}`;
}

describe("counterpart extraction (namesakes)", () => {
  it("groups by match keys, looks through intermediaries and never mixes parties", async () => {
    const c = await connectedConsent("namesakes");
    const { account } = await syncedAccount(c);
    // The other party written out here on purpose (not ll_other_party_name): an oracle the product's
    // grouping is checked against.
    const { rows } = await pool().query<{ counterpart_id: string | null; raw: string | null; amount: string }>(
      `SELECT counterpart_id, CASE WHEN amount < 0 THEN coalesce(ultimate_creditor, creditor_name) ELSE coalesce(ultimate_debtor, debtor_name) END AS raw,
              amount::text AS amount FROM transactions WHERE account_id = $1`,
      [account.id],
    );
    expect(rows.length).toBeGreaterThan(100);
    const named = rows.filter((r) => r.raw !== null);
    expect(named.every((r) => r.counterpart_id !== null)).toBe(true);

    const partiesPer = new Map<string, Set<string>>();
    const counterpartsPer = new Map<string, Set<string>>();
    for (const r of named) {
      const party = partyOf(r.raw ?? "");
      partiesPer.set(r.counterpart_id ?? "", (partiesPer.get(r.counterpart_id ?? "") ?? new Set()).add(party));
      counterpartsPer.set(party, (counterpartsPer.get(party) ?? new Set()).add(r.counterpart_id ?? ""));
    }
    // Purity: every counterpart holds one party's transactions only.
    for (const parties of partiesPer.values()) expect(parties.size).toBe(1);
    // Creditor-id parties: one counterpart despite two IBANs and three spellings.
    expect(counterpartsPer.get("vattenfall")?.size).toBe(1);
    expect(counterpartsPer.get("kpn")?.size).toBe(1);
    // Behind Adyen: keyed by the shop's normalised name (Bol.com B.V. = bol.com = BOL.COM).
    expect(counterpartsPer.get("bol")?.size).toBe(1);
    // Albert Heijn: card payments name it "albert heijn" or "ah to go"; its delivery orders carry an
    // IBAN under either spelling, which links both names to one counterpart.
    expect(counterpartsPer.get("albert-heijn")?.size).toBe(1);
    // Spotify (behind Stripe or PayPal, no IBAN of its own): "Spotify AB" and "SPOTIFY" normalise
    // alike, "Spotify Premium" does not and nothing links it: two counterparts, for a person to consolidate.
    expect(counterpartsPer.get("spotify")?.size).toBe(2);
    // No counterpart is named after an intermediary.
    const { rows: names } = await pool().query<{ name: string }>("SELECT name FROM counterparts WHERE scope_id = $1", [
      c.person.scopeId,
    ]);
    const intermediaries = Object.values(PROCESSORS).map((p) => p.name);
    expect(names.filter((n) => intermediaries.includes(n.name) || /adyen/i.test(n.name))).toEqual([]);
    console.log(
      `namesakes: ${rows.length} transactions, ${names.length} counterparts`,
      [...counterpartsPer].map(([k, v]) => `${k}:${v.size}`).join(" "),
    );
  });
});
