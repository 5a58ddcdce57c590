// Issue 35's first "Must show" in the browser: a company lookup through each real register's fake in
// the banks (France, Norway, the United Kingdom, GLEIF for owners), every subset each serves, with
// its provenance: who served it, when, and the source's own record. Read-only on the fakes (no fault
// mode is set here: the fakes are shared by the suite's parallel workers).
import { expect, test, type Page } from "@playwright/test";
import { defaultProfile, signUp } from "./helpers";
import { uxShot } from "./support/ux-shots";

const FRANCE = "Recherche d'entreprises (France, INSEE Sirene and RNE)";
const NORWAY = "Brønnøysundregistrene (Norway: Enhetsregisteret, Regnskapsregisteret)";
const UK = "Companies House (United Kingdom)";
const GLEIF = "GLEIF (Legal Entity Identifier index)";
const SUBSETS = {
  information: "Company information",
  financials: "Financials",
  officers: "Officers and roles",
  shareholders: "Shareholders and ownership",
};

type Case = {
  country: string;
  number: string;
  /** Per subset, the provider that serves it, or null when none of the profile's does. */
  served: Record<keyof typeof SUBSETS, string | null>;
  record: Record<string, RegExp>;
  says: string;
};

const CASES: Case[] = [
  {
    country: "FR",
    number: "352256424",
    served: { information: FRANCE, financials: FRANCE, officers: FRANCE, shareholders: GLEIF },
    record: {
      [FRANCE]: /^https:\/\/annuaire-entreprises\.data\.gouv\.fr\//,
      [GLEIF]: /^https:\/\/search\.gleif\.org\//,
    },
    says: "ARVAL SERVICE LEASE",
  },
  {
    country: "NO",
    number: "923456783",
    served: { information: NORWAY, financials: NORWAY, officers: NORWAY, shareholders: null },
    record: { [NORWAY]: /^https:\/\/virksomhet\.brreg\.no\// },
    says: "FJORDLINK LOGISTIKK AS",
  },
  {
    country: "GB",
    number: "04053514",
    served: { information: UK, financials: null, officers: UK, shareholders: UK },
    record: { [UK]: /^https:\/\/find-and-update\.company-information\.service\.gov\.uk\/company\/04053514/ },
    says: "YORKSHIRE AIR AMBULANCE TRADING LIMITED",
  },
];

async function lookUp(page: Page, country: string, number: string) {
  await page.goto("/companies/lookup");
  await page.getByLabel("Country").selectOption(country);
  await page.getByLabel("Registration number").fill(number);
  await page.getByRole("button", { name: "Look up" }).click();
  await expect(page.getByTestId("lookup-result")).toBeVisible();
}

test("a lookup through each register's fake: every subset it serves, with who served it, when, and its record", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page, "Registers");
  // The national registers first, GLEIF for owners; no simulator: what is shown came from a register.
  await defaultProfile(page, "Registers only", Object.keys(SUBSETS), [
    "fr_recherche_entreprises",
    "no_brreg",
    "uk_companies_house",
    "gleif",
  ]);
  for (const c of CASES) {
    await test.step(`${c.country} ${c.number}`, async () => {
      await lookUp(page, c.country, c.number);
      await expect(page.getByRole("region", { name: SUBSETS.information })).toContainText(c.says);
      for (const [subset, title] of Object.entries(SUBSETS)) {
        const section = page.getByRole("region", { name: title });
        const provider = c.served[subset as keyof typeof SUBSETS];
        if (provider === null) {
          await expect(section).toContainText("No provider in this profile could supply it");
          continue;
        }
        await expect(section.getByTestId("served-by")).toHaveText(`Served by ${provider}`);
        await expect(section.getByTestId("provenance")).toContainText(/fetched \d{1,2} \w{3} \d{4}/);
        await expect(section.getByRole("link", { name: "source record" })).toHaveAttribute("href", c.record[provider]);
      }
      await uxShot(page, `lookup-${c.country.toLowerCase()}`, { fullPage: true });
    });
  }
});
