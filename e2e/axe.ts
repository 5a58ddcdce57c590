// axe-core checks for browser specs: every serious or critical violation on a page (or one part of
// it) is collected with the page state it was found in, so one run lists all of them at once.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export type Finding = { state: string; rule: string; impact: string; help: string; targets: string[] };

export class AxeAudit {
  readonly findings: Finding[] = [];
  readonly states: string[] = [];

  /** Audits the page as it is now; `include` narrows it to one region (a dialog, say). */
  async check(page: Page, state: string, include?: string): Promise<void> {
    let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice", "experimental"]);
    // The Next.js development overlay is not part of the product (absent from production builds).
    builder = builder.exclude("nextjs-portal");
    if (include) builder = builder.include(include);
    const result = await builder.analyze();
    this.states.push(state);
    for (const v of result.violations) {
      if (v.impact !== "serious" && v.impact !== "critical") continue;
      this.findings.push({ state, rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) });
    }
  }

  report(): string {
    return this.findings.map((f) => `[${f.state}] ${f.impact} ${f.rule}: ${f.help}\n    ${f.targets.join("\n    ")}`).join("\n");
  }
}
