// A 390×844 phone beside a test's desktop page: a browser context of its own, signed in as the
// page's person (the page's cookies and storage), so a step can look at the same screens on a phone.
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

/** A new page on a phone as `page`'s person; `phone` is its context, for the step to close. */
export async function phoneBeside(browser: Browser, page: Page, options: BrowserContextOptions = {}) {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
    ...options,
  });
  return { phone, small: await phone.newPage() };
}
