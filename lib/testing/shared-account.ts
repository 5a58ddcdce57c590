// For the aggregator flows (Enable Banking, GoCardless): after the bank's callback, the consent must
// be valid; then one shared account of a type is tracked under it, attended (as from a browser).
import { consentAccounts } from "@/lib/accounttracking/consents";
import { trackAccount } from "@/lib/accounttracking/track";
import type { Bank } from "@/lib/banking/types";
import { db } from "@/lib/db/client";

const ATTENDED = { psuIpAddress: "192.0.2.1", requestId: "test" };

type Connected = { person: { scopeId: string; userId: string }; consentId: string; bank: Bank };

/** The consent after the callback; anything but valid is the flow's failure, said with its reason. */
export async function validConsent(consentId: string) {
  const consent = await db().consent.findUniqueOrThrow({ where: { id: consentId } });
  if (consent.status !== "valid") throw new Error(`consent ${consent.status}: ${consent.statusReason}`);
  return consent;
}

/** Tracks the first account of `accountType` the consent shares. */
export async function trackSharedAccount(c: Connected, accountType: "private" | "company" | "payment" = "private") {
  const consent = await db().consent.findUniqueOrThrow({ where: { id: c.consentId } });
  const exposed = await consentAccounts(db(), consent, ATTENDED);
  const accountId = exposed.find((a) => a.accountType === accountType)?.externalId;
  return trackAccount(
    db(),
    {
      scopeId: c.person.scopeId,
      userId: c.person.userId,
      bankId: c.bank.bankId,
      countryCode: c.bank.countryCode,
      accountType,
      consentId: c.consentId,
      accountId,
    },
    ATTENDED,
  );
}
