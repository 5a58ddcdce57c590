// Shared steps for the dashboard and transactions specs: connect the sandbox bank as `alice` and
// track her current and savings accounts, all over HTTP with the page's session (the connect pages
// are walked by connect-bank.spec, the tracking UI by track-and-sync.spec), wait for both first
// syncs, and check axe-core.
import { axe, settleColours } from "./axe";
import { expect, type Page } from "@playwright/test";
import { connectWithSession } from "./helpers";
import { runEnded, trackAccount } from "./support/connect";
import { dataOf } from "./support/envelope";

export type Alice = { scopeId: string; currentId: string; savingsId: string; headers: Record<string, string> };

export async function connectAlice(page: Page): Promise<Alice> {
  const { connection, scopeId, headers } = await connectWithSession(page, "alice");
  const shared = await page.request.get(`/api/accounttracking/v1/consents/${connection.consentId}/accounts`, {
    headers,
  });
  const exposed = await dataOf<{ accountId: string; cashAccountType: string | null }[]>(shared);
  const track = async (accountId: string | undefined) =>
    (await trackAccount(page.request, headers, connection, "private", accountId)).account.id;
  const currentId = await track(exposed.find((a) => a.cashAccountType !== "SVGS")?.accountId);
  const savingsId = await track(exposed.find((a) => a.cashAccountType === "SVGS")?.accountId);
  for (const id of [currentId, savingsId]) expect((await runEnded(page.request, headers, id)).state).toBe("succeeded");
  return { scopeId, currentId, savingsId, headers };
}

/**
 * axe-core on the page's own content (`main`, where dialogs opened from it live too): no serious or
 * critical violation. The shared shell around it is checked by the shell's own spec.
 */
export async function expectAccessible(page: Page, label: string) {
  await settleColours(page);
  const result = await axe(page).include("main").analyze();
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect(bad, `axe on ${label}`).toEqual([]);
}

/** "€1,234.56" / "-€5.00" / "+€5.00" → hundredths as a BigInt (exact; no floats). */
export function moneyCents(text: string): bigint {
  const negative = /[-−]/.test(text);
  const [whole, frac = "00"] = text.replace(/[^\d.]/g, "").split(".");
  const v = BigInt(whole || "0") * 100n + BigInt(frac.padEnd(2, "0").slice(0, 2));
  return negative ? -v : v;
}
