// `npm run admin:create -- <email>`: prints a one-time link (valid 60 minutes) that creates an
// administrator account for <email> with an organisation of their own. Uses DATABASE_URL, or the
// embedded cluster under DATA_DIR (started for the moment, or shared with a running `npm start`).
import path from "node:path";
import { prepareDatabase } from "./database";
import { setupLinkMessage } from "./launch/first-run";

async function main(): Promise<number> {
  const email = (process.argv[2] ?? "").trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error("Usage: npm run admin:create -- <email>");
    return 2;
  }
  const db = await prepareDatabase({ dataDir: path.resolve(process.env.DATA_DIR ?? ".data"), quiet: true });
  process.env.DATABASE_URL = db.url;
  const client = await import("@/lib/db/client");
  try {
    const { issueSetupLink } = await import("@/lib/identity/setup-links");
    if (await client.db().user.findUnique({ where: { email }, select: { id: true } })) {
      console.error(
        `${email} already has an account: they can sign in (an admin can give them a role in Settings → Members).`,
      );
      return 1;
    }
    const link = await issueSetupLink({ email });
    const port = Number(process.env.PORT ?? 3000);
    const appUrl = (process.env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, "");
    console.log(setupLinkMessage(appUrl, link.secret, link.expiresAt, `An administrator account for ${email}.`));
    return 0;
  } finally {
    await client.disconnect();
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
