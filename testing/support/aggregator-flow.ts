// Through our API and a fake aggregator (Enable Banking's or GoCardless's): a person creates a
// consent for one of its banks, is sent to the hosted bank page (over HTTP), signs in as a scenario
// user, shares accounts and decides there; the bank's redirect then lands on our callback (for
// Enable Banking with a `code` our callback exchanges for a session, for GoCardless with the
// requisition's reference).
import { expect } from "vitest";
import * as renewRoute from "@/app/api/accounttracking/v1/consents/[consent]/renew/route";
import type { Bank } from "@/lib/banking/types";
import { prisma } from "@/lib/db/client";
import {
  banksIn,
  createConsent,
  initiate,
  landOnCallback,
  trackingPerson,
  type TrackingPerson,
} from "@/testing/support/consent-flow";
import { call } from "@/testing/support/http";
import { syncedSharedAccount, validConsent } from "@/testing/support/shared-account";

export type AggregatorConnected = TrackingPerson & { consentId: string; bank: Bank };

/** Follows the authorization URL to the fake's hosted page and decides there; returns where it redirects. */
export async function decideAtFakeBank(
  authorizationUrl: string,
  user: string,
  decision: "approve" | "cancel",
  accounts: number[] = [0, 1],
): Promise<URL> {
  const page = await fetch(`${authorizationUrl}?user=${user}`);
  if (page.status !== 200 || !(await page.text()).includes("Accounts to share"))
    throw new Error(`bank page: ${page.status}`);
  const form = new URLSearchParams({ user, decision });
  for (const i of accounts) form.append("account", String(i));
  const answer = await fetch(`${authorizationUrl}/decision`, { method: "POST", body: form, redirect: "manual" });
  if (answer.status !== 303) throw new Error(`bank decision: ${answer.status}`);
  return new URL(answer.headers.get("location") ?? "");
}

/** A person with a valid consent at the integration's bank that `pick` chooses, approved by `user`. */
async function connectedAt(
  integrationName: string,
  user: string,
  country: string,
  pick: (bank: Bank) => boolean,
  accounts?: number[],
): Promise<AggregatorConnected & { externalId: string }> {
  const { person, headers } = await trackingPerson(`${integrationName}${user}`);
  const banks = (await banksIn(headers, country)).filter((b) => b.integrationName === integrationName);
  const bank = banks.find(pick);
  if (!bank) throw new Error(`no such fake bank among ${banks.map((b) => b.bankId).join(", ")}`);
  const consentId = await createConsent(headers, { integrationName, bankId: bank.bankId });
  const back = await decideAtFakeBank(await initiate(headers, consentId), user, "approve", accounts);
  await landOnCallback(back, integrationName);
  const consent = await validConsent(consentId);
  return { person, headers, consentId, bank, externalId: consent.externalId ?? "" };
}

/** At the fake Enable Banking (Nordpankki, FI, personal unless `business`); `sessionId` is its session. */
export async function ebConnectedConsent(
  user: string,
  options: { country?: string; bankName?: string; business?: boolean; accounts?: number[] } = {},
): Promise<AggregatorConnected & { sessionId: string }> {
  const pick = (b: Bank) =>
    b.name.startsWith(options.bankName ?? "Nordpankki") && b.bankId.endsWith(":business") === !!options.business;
  const { externalId, ...c } = await connectedAt(
    "enablebanking",
    user,
    options.country ?? "FI",
    pick,
    options.accounts,
  );
  return { ...c, sessionId: externalId };
}

/** At the fake GoCardless (Kuusi Pankki, FI); `requisitionId` is its requisition. */
export async function gcConnectedConsent(
  user: string,
  options: { country?: string; bankName?: string; accounts?: number[] } = {},
): Promise<AggregatorConnected & { requisitionId: string }> {
  const pick = (b: Bank) => b.name === (options.bankName ?? "Kuusi Pankki");
  const { externalId, ...c } = await connectedAt("gocardless", user, options.country ?? "FI", pick, options.accounts);
  return { ...c, requisitionId: externalId };
}

/** Connected as the scenario user (through `connect`), a shared account tracked and its first sync run. */
export async function connectedAndSynced<C extends AggregatorConnected>(
  connect: (user: string) => Promise<C>,
  user: string,
) {
  const c = await connect(user);
  const { account, run: done } = await syncedSharedAccount(c);
  return { c, account, done };
}

/** Renews the ended consent (POST …/renew) and approves the renewal at the fake bank; returns the renewal. */
export async function renewedAtFakeBank(c: AggregatorConnected, user = "alice") {
  const renewed = await call<{ data: { id: string } }>(renewRoute.POST, "POST", "x", {
    headers: c.headers,
    params: { consent: c.consentId },
    body: {},
  });
  if (renewed.status !== 201) throw new Error(`renew: ${renewed.status} ${renewed.text}`);
  const back = await decideAtFakeBank(await initiate(c.headers, renewed.json.data.id), user, "approve");
  await landOnCallback(back, c.bank.integrationName);
  return validConsent(renewed.json.data.id);
}

/** The tracked account moved to the renewal: found again by its IBAN under the bank's new account id. */
export async function expectFollowedByIban(
  account: { id: string; iban: string | null; externalId: string },
  renewalId: string,
) {
  const moved = await prisma().trackedAccount.findUniqueOrThrow({ where: { id: account.id } });
  expect([moved.consentId, moved.iban]).toEqual([renewalId, account.iban]);
  expect(moved.externalId).not.toBe(account.externalId);
}
