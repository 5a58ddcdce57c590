// The Transactions page exports every account's filtered rows (both buttons download a file, each
// row naming its account), says plainly what the own-account transfers left out mean, keeps both
// buttons in view on a 390 px phone; and the audit trail reads as sentences with names, the
// technical fields behind "Details".
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { connectAlice, expectAccessible } from "./alice";
import { signUp } from "./helpers";
import { phoneBeside } from "./support/phone";
import { uxShot } from "./support/ux-shots";

/** Clicks the button and reads the file it downloads. */
async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const started = page.waitForEvent("download");
  await page.getByRole("button", { name }).click();
  const done = await started;
  return { file: done.suggestedFilename(), text: await readFile(await done.path(), "utf8") };
}

test("all-accounts CSV, transfers in words, the phone's buttons, and the audit trail in sentences", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signUp(page, "Nora");
  const alice = await connectAlice(page);

  await test.step("the Transactions page exports every account's rows, each naming its account", async () => {
    await page.goto("/transactions");
    const totals = page.getByTestId("transaction-totals");
    await expect(totals).toContainText(/\d+ transactions/);
    await expect(page.getByText("Choose an account to export its CSV.")).toHaveCount(0);
    // Transfers between alice's current and savings accounts cancel out here: said in words, no €0.00.
    const note = totals.getByTestId("transfers-note");
    await expect(note).toHaveText(
      /^\d+ transfers? between your own accounts (are|is) left out of income and spending\.$/,
    );
    await expect(note).not.toContainText("€");

    const count = Number(/([\d,]+) transactions/.exec((await totals.textContent()) ?? "")?.[1].replace(/,/g, ""));
    const { file, text } = await download(page, "Export CSV");
    expect(file).toBe("transactions-all-accounts-all.csv");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = text.slice(1).trimEnd().split("\r\n");
    const columns = header.split(",");
    expect(columns).toContain("accountName");
    expect(columns).toContain("accountIban");
    expect(rows.length).toBe(count);
    // Both accounts' rows are in the one file (a field never holds a comma in alice's data at this column).
    const ibans = new Set(rows.map((r) => r.split(",")[columns.indexOf("accountIban")]));
    expect(ibans.size).toBe(2);
  });

  await test.step("on a 390 px phone both buttons are in view, and CSV for Excel downloads", async () => {
    const { phone, small } = await phoneBeside(browser, page, { acceptDownloads: true });
    await small.goto(`/transactions?accountId=${alice.savingsId}`);
    await expect(small.getByTestId("transaction-totals")).toContainText(/\d+ transactions?/);
    for (const name of ["Export CSV", "CSV for Excel (; and ,)"]) {
      const button = small.getByRole("button", { name });
      await button.scrollIntoViewIfNeeded();
      const box = await button.boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
    }
    const { file, text } = await download(small, "CSV for Excel (; and ,)");
    expect(file).toMatch(/^[a-z0-9-]+-all\.csv$/);
    expect(text.slice(1).split("\r\n")[0]).toMatch(/^date;bookingDate;valueDate;status;amount;currency;/);
    await phone.close();
  });

  await test.step("the audit trail reads as sentences with names; the fields are under Details", async () => {
    await page.goto("/settings/audit");
    const events = page.getByRole("list", { name: "Audit events, newest first" });
    await expect(events).toBeVisible();
    const tracked = events
      .getByRole("listitem")
      .filter({ hasText: /started tracking / })
      .first();
    // "Nora … started tracking <account> (<bank> ·· 1234)."
    await expect(tracked).toContainText(/^Nora \d+-\d+ started tracking .+ \(.+ ·· \d{4}\)\./);
    // The sentences name things; ids and field names are folded away until Details is opened.
    const sentences = await events.getByRole("paragraph").allTextContents();
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    // (The person's name carries the sign-up's digits: left out of the check.)
    for (const sentence of sentences)
      expect(sentence.replace(/^Nora [\d-]+ /, "")).not.toMatch(/[0-9a-f]{8}|bankAccountId|acc_/);
    await expect(events.getByText(/ started the connection to Ardenne Crédit\.$/).first()).toBeVisible();
    await expect(tracked.getByText("bankAccountId:")).toBeHidden();
    await tracked.getByText("Details").click();
    await expect(tracked.getByText("bankAccountId:")).toBeVisible();
    await expect(tracked.getByText("account.tracked")).toBeVisible();
    await expectAccessible(page, "audit trail");
    await uxShot(page, "audit-trail");
  });
});
