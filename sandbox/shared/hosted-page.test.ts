import { describe, expect, it } from "vitest";
import { decisionOf, hostedBankPage } from "./hosted-page";

const USERS = { alice: "an ordinary history", flaky: "fails first" } as const;

const page = (user: string | null) =>
  hostedBankPage({
    brand: "Fake",
    bankName: "Testbank",
    heading: "<h1>Testbank</h1>",
    users: USERS,
    user,
    accountsOf: () => [{ name: "Current account", iban: "FI00 0000", currency: "EUR" }],
    access: "until 2026-01-01",
    action: "/decision",
  }).text();

describe("the fakes' hosted bank page", () => {
  it("asks who signs in, listing the scenario users in order (the first checked), until `user` names one", async () => {
    for (const user of [null, "mallory", "toString"]) {
      const html = await page(user);
      expect(html).toContain("Sign in as");
      expect(html.match(/name="user" value="(\w+)"/g)).toEqual([
        'name="user" value="alice"',
        'name="user" value="flaky"',
      ]);
      expect(html).toContain('value="alice" checked> alice <small>— an ordinary history</small>');
    }
    expect(await page("flaky")).toContain("Signed in as <strong>flaky</strong>");
  });

  it("approves only a listed scenario user with at least one account chosen", () => {
    const form = (user: string, accounts: string[]) =>
      new URLSearchParams([["user", user], ["decision", "approve"], ...accounts.map((a) => ["account", a])]);
    expect(decisionOf(form("flaky", ["1", "1", "0"]), USERS)).toEqual({
      approved: true,
      user: "flaky",
      accountIndexes: [1, 0],
    });
    expect(decisionOf(form("toString", ["0"]), USERS)).toEqual({ approved: false, noneChosen: false });
    expect(decisionOf(form("alice", []), USERS)).toEqual({ approved: false, noneChosen: true });
  });
});
