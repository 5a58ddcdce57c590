// What the bank picker's list says besides names: each sandbox bank's logo (served by the banks
// process, allowed by the page CSP), when this scope last connected to a bank (never another
// scope's), and popular = connected from at least three other workspaces (the caller's never counts).
import { beforeAll, describe, expect, it } from "vitest";
import { allowedLogo, bankLogoOrigins } from "@/lib/server/bank-logo-origins";
import { bankHints, publicHints, withHints } from "@/lib/accounttracking/consents/bank-hints";
import { prisma } from "@/lib/db/client";
import { pageCsp } from "@/lib/server/security-headers";
import { banksOrigin } from "@/testing/support/banks-server";
import { banksIn, trackingPerson, type TrackingPerson } from "@/testing/support/consent-flow";
import { withSandboxBank } from "@/testing/support/sandbox-server";

withSandboxBank();

type PickerBank = { bankId: string; logoUrl: string | null; lastUsedAt: string | null; popular: boolean };

let mine: TrackingPerson;
let other: TrackingPerson;
let third: TrackingPerson;
let fourth: TrackingPerson;

async function consentAt(who: TrackingPerson, bankId: string) {
  return prisma().consent.create({
    data: {
      scopeId: who.person.scopeId,
      userId: who.person.userId,
      integrationName: "sandbox",
      purpose: "account_access",
      expiryDays: 30,
      bankId,
      countryCode: "IT",
    },
  });
}

const listed = async (who: TrackingPerson) => (await banksIn(who.headers, "IT")) as unknown as PickerBank[];

beforeAll(async () => {
  mine = await trackingPerson("hints-mine");
  other = await trackingPerson("hints-other");
  third = await trackingPerson("hints-third");
  fourth = await trackingPerson("hints-fourth");
});

describe("the bank picker's hints", () => {
  it("gives every sandbox bank a logo the banks process serves and the page may show", async () => {
    const origin = await banksOrigin();
    const banks = await listed(mine);
    expect(banks.length).toBeGreaterThan(0);
    for (const bank of banks) expect(bank.logoUrl).toBe(`${origin}/sandbox-bank/logos/${bank.bankId}.svg`);
    const logo = await fetch(banks[0].logoUrl!);
    expect([logo.status, logo.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    expect(await logo.text()).toMatch(/^<svg [^>]*width="64" height="64"/);
    const csp = pageCsp("n", { dev: false, formTargets: [], imageSources: bankLogoOrigins() });
    expect(csp).toContain(`img-src 'self' data: blob: ${new URL(origin).origin}`);
    // A logo from a host the policy does not name is dropped for the initials.
    expect(allowedLogo("https://logos.example.com/bank.png")).toBeNull();
    expect(allowedLogo("javascript:alert(1)")).toBeNull();
  });

  it("says when this scope last connected to a bank, and never another scope's", async () => {
    const consent = await consentAt(mine, "sbx-it-01");
    const banks = await listed(mine);
    expect(banks.find((b) => b.bankId === "sbx-it-01")?.lastUsedAt).toBe(consent.createdAt.toISOString());
    expect(banks.filter((b) => b.bankId !== "sbx-it-01").map((b) => b.lastUsedAt)).toEqual(
      banks.filter((b) => b.bankId !== "sbx-it-01").map(() => null),
    );
    expect((await listed(other)).find((b) => b.bankId === "sbx-it-01")?.lastUsedAt).toBeNull();
  });

  it("marks a bank popular once three other workspaces connect to it; the caller's own consents never count", async () => {
    const popularAt = async (who: TrackingPerson, bankId: string) =>
      (await listed(who)).find((b) => b.bankId === bankId)?.popular;
    // Two consents of one workspace are one workspace; the caller's own consent is not counted.
    await consentAt(other, "sbx-it-02");
    await consentAt(other, "sbx-it-02");
    await consentAt(mine, "sbx-it-02");
    await consentAt(third, "sbx-it-02");
    expect(await popularAt(mine, "sbx-it-02")).toBe(false);
    // `other` sees two others (mine, third): not yet either.
    expect(await popularAt(other, "sbx-it-02")).toBe(false);
    await consentAt(fourth, "sbx-it-02");
    // mine now sees three others (other, third, fourth); every one of them sees three others too.
    for (const who of [mine, other, third, fourth]) expect(await popularAt(who, "sbx-it-02")).toBe(true);
    // A bank only the caller and two others use stays unmarked for each of them.
    await consentAt(mine, "sbx-it-01");
    await consentAt(other, "sbx-it-01");
    await consentAt(third, "sbx-it-01");
    for (const who of [mine, other, third]) expect(await popularAt(who, "sbx-it-01")).toBe(false);
  });

  it("the hosted picker (an outsider reads it) keeps popular banks and leaves out the workspace's recent ones", async () => {
    await consentAt(mine, "sbx-it-03");
    const bank = {
      integrationName: "sandbox",
      bankId: "sbx-it-03",
      name: "x",
      bic: null,
      countryCode: "IT",
      logoUrl: null,
    };
    const hints = await bankHints(prisma(), mine.person.scopeId);
    expect(withHints([bank], hints)[0].lastUsedAt).not.toBeNull();
    expect(withHints([bank], publicHints(hints))[0].lastUsedAt).toBeNull();
    const popular = { ...bank, bankId: "sbx-it-02" };
    expect(withHints([popular], publicHints(hints))[0].popular).toBe(true);
  });
});
