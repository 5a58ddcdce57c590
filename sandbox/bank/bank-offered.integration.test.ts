// A bank-offered consent (NextGenPSD2: empty account lists): the account holder ticks at the bank
// which accounts it covers, and only those are readable under it.
import { describe, expect, it } from "vitest";
import { accountsFor } from "@/sandbox/bank/data/accounts";
import { bankById } from "@/sandbox/bank/data/banks";
import { resolveUser } from "@/sandbox/bank/data/users";
import {
  TPP_OK,
  accounts,
  consentGet,
  consentStatus,
  createConsent,
  decide,
  login,
  transactions,
} from "@/sandbox/bank/testing/bank-calls";

const BANK = "sbx-be-01";
const BANK_OFFERED = { access: { accounts: [], balances: [], transactions: [] } };

function alicesAccounts() {
  const bank = bankById(BANK);
  const alice = resolveUser("alice");
  if (!bank || !alice.ok) throw new Error("sandbox bank and alice must exist");
  return accountsFor(bank, alice.profile);
}

async function atReview() {
  const consentId = String((await createConsent(BANK, { body: BANK_OFFERED })).json.consentId);
  const { cookie } = await login(BANK, consentId, "alice");
  return { consentId, cookie };
}

describe("bank-offered consent", () => {
  it("covers only the accounts ticked: the others are unknown under it", async () => {
    const [current, savings] = alicesAccounts();
    const { consentId, cookie } = await atReview();
    const approved = await decide(BANK, consentId, "approve", cookie, [savings.resourceId]);
    expect(approved.headers.get("location")).toBe(TPP_OK);
    const info = await consentGet(BANK, consentId);
    const ref = [{ iban: savings.iban, currency: savings.currency }];
    expect(info.json.access).toEqual({ accounts: ref, balances: ref, transactions: ref });
    const listed = await accounts(BANK, { consentId, present: true });
    expect((listed.json.accounts as { iban: string }[]).map((a) => a.iban)).toEqual([savings.iban]);
    const query = "bookingStatus=booked";
    expect((await transactions(BANK, savings.resourceId, { consentId, present: true, query })).status).toBe(200);
    expect((await transactions(BANK, current.resourceId, { consentId, present: true, query })).status).toBe(404);
  });

  it("Approve with the list shown and nothing ticked asks again and keeps the request open", async () => {
    const { consentId, cookie } = await atReview();
    const res = await decide(BANK, consentId, "approve", cookie, []);
    expect(res.headers.get("location")).toContain("error=choose_account");
    expect(await consentStatus(BANK, consentId)).toBe("received");
  });

  it("an Approve without the list (a script) shares every account, as the page ticks them all", async () => {
    const { consentId, cookie } = await atReview();
    await decide(BANK, consentId, "approve", cookie);
    const listed = await accounts(BANK, { consentId, present: true });
    expect((listed.json.accounts as { iban: string }[]).map((a) => a.iban)).toEqual(
      alicesAccounts().map((a) => a.iban),
    );
  });
});
