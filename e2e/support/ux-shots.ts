// Screenshots for the UX walks (../shared/docs/ux-walk-*.md), taken only when UX_SHOTS_DIR names a
// folder to keep them in. They assert nothing, and each costs the browser a raster and a PNG encode:
// a test run without the variable takes none (a failing test still keeps its own screenshot).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";

/** A screenshot of the page or of one element, as `<UX_SHOTS_DIR>/<name>.png`; nothing without UX_SHOTS_DIR. */
export async function uxShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const dir = process.env.UX_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if ("goto" in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? false });
  else await target.screenshot({ path: file });
}
