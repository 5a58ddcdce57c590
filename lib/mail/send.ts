// Outgoing mail: a one-time link (a password reset, an invitation) to one person. With SMTP_URL it
// goes out through nodemailer; without it the link is printed to this process's console (the
// operator's, as the setup link is) and, outside production, kept in the dev mailbox. Sending never
// fails the request that asked for it: a request must answer the same whether or not a mail left
// (no account enumeration by timing or by error), so delivery runs after the answer and a failure is
// logged, not thrown.
import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { keepMail } from "@/lib/mail/dev-mailbox";

export type LinkMail = { to: string; subject: string; text: string; link: string };

let transport: Transporter | undefined;

async function deliver(mail: LinkMail): Promise<void> {
  if (env.SMTP_URL) {
    transport ??= nodemailer.createTransport(env.SMTP_URL);
    await transport.sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    return;
  }
  console.log(`\nMail to ${mail.to} (SMTP_URL is not set, so it is printed here): ${mail.subject}\n  ${mail.link}\n`);
  if (env.LAUNCH_MODE !== "production") keepMail(mail);
}

/** Never rejects (a failure is logged): a route starts it and answers without waiting for it. */
export function sendLinkMail(mail: LinkMail): Promise<void> {
  return deliver(mail).catch((error: unknown) => log.error("mail not sent", { subject: mail.subject, error }));
}
