// The data a start prepares before the app runs: in demo mode, the demo person, scope and API key
// (printed once, on the start that creates them); in production, while nobody can sign in yet, a
// one-time link that creates the first administrator (printed on every such start; the newest works).
import type { LaunchMode } from "./mode";

export async function prepareData(options: { databaseUrl: string; mode: LaunchMode; appUrl: string }): Promise<void> {
  // These modules read DATABASE_URL when first used.
  process.env.DATABASE_URL = options.databaseUrl;
  const { db, disconnect } = await import("@/lib/db/client");
  try {
    if (options.mode.demoData) {
      const { seedDemo, DEMO_EMAIL, DEMO_PASSWORD } = await import("@/lib/seed/demo");
      const seeded = await seedDemo();
      if (seeded.created) {
        console.log(
          [
            "",
            "Demo data created (shown once):",
            `  sign in:  ${DEMO_EMAIL} / ${DEMO_PASSWORD}`,
            `  scope:    ${seeded.scopeId}`,
            `  API key:  ${seeded.apiKey}   (viewer role; not stored in clear, copy it now)`,
            "",
          ].join("\n"),
        );
      }
    }
    if (options.mode.production) {
      const { issueSetupLink, needsFirstAdmin } = await import("@/lib/identity/setup-links");
      if (await needsFirstAdmin(db())) {
        const link = await issueSetupLink({ email: null });
        console.log(setupLinkMessage(options.appUrl, link.secret, link.expiresAt, "No one can sign in yet."));
      }
    }
  } finally {
    await disconnect();
  }
}

export function setupLinkMessage(appUrl: string, secret: string, expiresAt: Date, lead: string): string {
  return [
    "",
    `${lead} Create the administrator with this one-time link (it works once, until ${expiresAt.toISOString()}):`,
    `  ${appUrl}/setup#${secret}`,
    "A new link: restart, or run  npm run admin:create -- <email>",
    "",
  ].join("\n");
}
