// A local SMTP server that keeps what it receives (the `smtp-server` package), for a production-mode
// app under test: there the dev mailbox is off and a link mail goes out through SMTP_URL, as an
// operator's would. Each mail is appended to a JSON-lines file as { to, subject, text }, the text
// decoded from quoted-printable when so sent; a spec reads it (e2e/support/mail.ts).
import { appendFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** `subject` as its header has it (an encoded word stays encoded); `text` decoded. */
export type KeptMail = { to: string[]; subject: string; text: string };

/** Quoted-printable (RFC 2045) back to text: soft line breaks joined, =XX bytes decoded as UTF-8. */
function fromQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The subject and text of a single-part text message. */
function read(raw: string): { subject: string; text: string } {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const quoted = /quoted-printable/i.test(header("Content-Transfer-Encoding"));
  return { subject: header("Subject"), text: quoted ? fromQuotedPrintable(body) : body };
}

/** Starts the sink on a free loopback port; `file` receives one line a mail. */
export async function startSmtpSink(file: string): Promise<{ url: string; stop: () => Promise<void> }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail: KeptMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          ...read(Buffer.concat(chunks).toString("utf8")),
        };
        appendFileSync(file, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
