// The mails the main e2e server sent, as its SMTP sink kept them (testing/support/smtp-sink.ts,
// started by e2e/support/pooled-app.ts under the server's data directory).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import type { KeptMail } from "@/testing/support/smtp-sink";
import { E2E_DATA_DIR } from "./topology";

/** Where the main server's sink keeps its mails. */
export const MAIN_MAIL_FILE = path.resolve(E2E_DATA_DIR, "mail", "received.jsonl");

function kept(file: string): KeptMail[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as KeptMail);
}

/** The link matching `pattern` in the newest mail to `to` that has one, waiting for it to arrive. */
export async function linkMailedTo(to: string, pattern: RegExp, file = MAIN_MAIL_FILE): Promise<string> {
  const find = () =>
    kept(file)
      .filter((mail) => mail.to.includes(to))
      .map((mail) => pattern.exec(mail.text)?.[0])
      .filter((link): link is string => link !== undefined)
      .at(-1);
  await expect.poll(find, { message: `a mail to ${to} with a link like ${pattern}` }).toBeDefined();
  return find() ?? "";
}
