// The authorize page as a browser gets it from the bank's own origin: static HTML (no scripts), the
// login form (User ID, Password, Log in), then with the bank's login cookie the review (Approve,
// Deny); forms that post to the bank itself, and a policy that lets Approve's redirect leave.
import { describe, expect, it } from "vitest";
import { createConsent, login } from "@/sandbox/bank/testing/bank-calls";
import { bankRequest } from "@/sandbox/testing/test-banks";

const BANK = "sbx-nl-01";

const page = (consentId: string, cookie?: string) =>
  bankRequest(`/sandbox-bank/${BANK}/authorize`, {
    query: `consentId=${consentId}`,
    headers: cookie ? { cookie } : {},
  });

describe("the authorize page", () => {
  it("asks the person to log in, in the bank's own frame", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const res = await page(consentId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.text).toMatch(/^<!doctype html><html lang="en">/);
    expect(res.text).toContain("<title>Grachtenbank · Sandbox</title>");
    expect(res.text).toContain('<label for="userId">User ID</label>');
    expect(res.text).toContain('<label for="password">Password</label>');
    expect(res.text).toMatch(/<button type="submit"[^>]*>Log in<\/button>/);
    expect(res.text).toContain(`action="/sandbox-bank/${BANK}/authorize/login"`);
    expect(res.text).not.toContain("<script");
    // The masthead in the bank's colour, the sandbox marked as such.
    expect(res.text).toContain('style="background-color:#c2410c"');
    expect(res.text).toContain("This is a simulated bank for testing.");
  });

  it("shows the review with Approve and Deny once logged in at the bank", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const { cookie } = await login(BANK, consentId, "alice");
    const res = await page(consentId, cookie);
    expect(res.text).toContain("<h1>Review the access request</h1>");
    expect(res.text).toMatch(/<button type="submit" value="approve"[^>]*name="decision">Approve<\/button>/);
    expect(res.text).toMatch(/<button type="submit" value="deny"[^>]*name="decision">Deny<\/button>/);
    expect(res.text).toContain(`action="/sandbox-bank/${BANK}/authorize/decision"`);
    // Another consent's page does not take this login.
    const other = String((await createConsent(BANK)).json.consentId);
    expect((await page(other, cookie)).text).toContain("Log in to approve access");
  });

  it("sends no form-action: Approve's answer redirects to the requesting service, another origin", async () => {
    const consentId = String((await createConsent(BANK)).json.consentId);
    const csp = (await page(consentId)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("form-action");
    expect(csp).not.toContain("script-src");
  });

  it("answers 404 for a bank it does not have, and a page that says so for an unknown request", async () => {
    expect((await bankRequest("/sandbox-bank/sbx-xx-99/authorize", { query: "consentId=x" })).status).toBe(404);
    const unknown = await page("no-such-consent");
    expect([unknown.status, unknown.text.includes("Unknown request")]).toEqual([200, true]);
  });
});
