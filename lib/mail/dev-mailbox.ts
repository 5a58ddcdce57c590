// The dev mailbox: without SMTP_URL, and never in production, the mail this process would have sent
// is kept here (the newest 50) and shown at /dev/mailbox, so a password reset or an invitation can be
// followed in the demo without a mail server. Kept on globalThis: the route handlers and the page
// are bundled apart by Next but run in one process.
import "server-only";

export type KeptMail = { id: number; to: string; subject: string; text: string; link: string; sentAt: Date };

const KEPT = 50;
const box = globalThis as typeof globalThis & { __ledgerlinkDevMailbox?: KeptMail[]; __ledgerlinkDevMailSeq?: number };

export function keepMail(mail: Omit<KeptMail, "id" | "sentAt">): void {
  const kept = (box.__ledgerlinkDevMailbox ??= []);
  box.__ledgerlinkDevMailSeq = (box.__ledgerlinkDevMailSeq ?? 0) + 1;
  kept.unshift({ ...mail, id: box.__ledgerlinkDevMailSeq, sentAt: new Date() });
  kept.splice(KEPT);
}

/** Newest first. */
export function keptMail(): readonly KeptMail[] {
  return box.__ledgerlinkDevMailbox ?? [];
}
