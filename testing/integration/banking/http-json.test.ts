// A bank's body that breaks off while it is read (a stall past the timeout, a connection reset) is a
// bank that is not answering: a ProviderError the retry helper retries, never an internal error. A
// body larger than MAX_BODY_BYTES is refused as a provider error without being held in memory. NUL
// characters in a body's strings (legacy padding) are dropped as it is read.
import { createServer, type ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bankErrorOf, isTransientBankError } from "@/lib/banking/errors";
import { MAX_BODY_BYTES, bodyOf, sendJson } from "@/lib/banking/http-json";
import { Xs2aTransactionsResponse } from "@/lib/banking/nextgenpsd2/transform";
import { withRetry } from "@/lib/banking/retry";
import { listenOnLoopback, type Listening } from "@/testing/support/http-listener";

const START = '{"transactions":{"booked":[';
let resetsLeft = 0;

/** Writes `total` bytes of JSON-ish filler in 64 KB chunks, waiting for the socket to drain. */
async function stream(res: ServerResponse, total: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, " ");
  for (let sent = 0; sent < total && !res.destroyed; sent += chunk.length) {
    if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve).once("close", resolve));
  }
}

const server = createServer((req, res) => {
  const path = req.url ?? "";
  if (path === "/stall") {
    // Headers and the start of the body, then nothing: the client's timeout must end the read.
    res.writeHead(200, { "content-type": "application/json" });
    res.write(START);
    return;
  }
  if (path === "/reset" || (path === "/reset-once" && resetsLeft-- > 0)) {
    res.writeHead(200, { "content-type": "application/json", "content-length": "5000" });
    res.write(START, () => res.socket?.destroy());
    return;
  }
  if (path === "/reset-once") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
    return;
  }
  if (path === "/huge") {
    // No Content-Length (chunked): only counting while reading can catch it.
    res.writeHead(200, { "content-type": "application/json" });
    res.write(START);
    void stream(res, MAX_BODY_BYTES + 1024 * 1024).then(() => res.end("]}}"));
    return;
  }
  if (path === "/huge-declared") {
    // Declares more than the cap: refused from the header, before the body is read.
    res.writeHead(200, { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) });
    res.write(START);
    return;
  }
  if (path === "/nul") {
    // As a bank padding fixed-width fields: JSON.stringify writes each NUL as \u0000.
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        transactionId: "T1\u0000",
        remittanceInformationUnstructured: `INVOICE 114${"\u0000".repeat(12)}`,
        lines: ["a\u0000b", "c:\\u0000 stays as written"],
        amount: 12,
      }),
    );
    return;
  }
  if (path === "/impossible-date") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        transactions: {
          booked: [
            { transactionId: "T1", bookingDate: "2026-02-28", transactionAmount: { currency: "EUR", amount: "-1.00" } },
            { transactionId: "T2", bookingDate: "2026-02-30", transactionAmount: { currency: "EUR", amount: "-2.00" } },
          ],
        },
      }),
    );
    return;
  }
  res.writeHead(404).end();
});

let bank: Listening;
beforeAll(async () => {
  bank = await listenOnLoopback(server);
});
afterAll(async () => {
  server.closeAllConnections();
  await bank.close();
});

async function failure(path: string, timeoutMs = 15_000): Promise<unknown> {
  return sendJson({ method: "GET", url: `${bank.origin}${path}` }, { who: "The bank", timeoutMs }).then(
    () => {
      throw new Error(`${path} was read as if it had succeeded`);
    },
    (error: unknown) => error,
  );
}

describe("reading a bank's body", () => {
  it("a body that stalls past the timeout is the bank not answering (retried), not an internal error", async () => {
    const error = await failure("/stall", 300);
    expect(bankErrorOf(error)?.code).toBe("unavailable");
    expect(isTransientBankError(error)).toBe(true);
  });

  it("a connection reset mid-body is the bank not answering (retried)", async () => {
    const error = await failure("/reset");
    expect(bankErrorOf(error)?.code).toBe("unavailable");
    expect(isTransientBankError(error)).toBe(true);
  });

  it("the retry helper retries a body that broke off, and the next answer is read", async () => {
    resetsLeft = 1;
    const noWait = () => Promise.resolve();
    const answer = await withRetry(
      () => sendJson({ method: "GET", url: `${bank.origin}/reset-once` }, { who: "The bank" }),
      { retries: 2, baseMs: 1, maxMs: 1, sleep: noWait },
    );
    expect([answer.status, answer.body]).toEqual([200, { ok: true }]);
    expect(resetsLeft).toBe(-1);
  });

  it("a body over the cap (sent chunked) is refused as a provider error, not retried", async () => {
    const error = await failure("/huge");
    expect(bankErrorOf(error)?.code).toBe("unknown");
    expect(bankErrorOf(error)?.message).toMatch(/larger than 20 MB/);
    expect(isTransientBankError(error)).toBe(false);
  });

  it("NUL characters in the body's strings are dropped; an escaped backslash before u0000 is text, kept", async () => {
    const answer = await sendJson({ method: "GET", url: `${bank.origin}/nul` }, { who: "The bank" });
    expect(answer.body).toEqual({
      transactionId: "T1",
      remittanceInformationUnstructured: "INVOICE 114",
      lines: ["ab", "c:\\u0000 stays as written"],
      amount: 12,
    });
  });

  it("a body of the wrong shape is a provider error naming the field at fault and why, not its value", async () => {
    const answer = await sendJson({ method: "GET", url: `${bank.origin}/impossible-date` }, { who: "The bank" });
    const refused = (() => {
      try {
        bodyOf(answer, Xs2aTransactionsResponse, "The bank's transactions page", () => {
          throw new Error("the answer was 200, not a failure");
        });
      } catch (error) {
        return error;
      }
      throw new Error("an impossible date was accepted");
    })();
    expect(bankErrorOf(refused)?.code).toBe("unknown");
    expect(bankErrorOf(refused)?.message).toBe(
      "The bank's transactions page did not have the expected shape (transactions.booked[1].bookingDate: Not a calendar date (check the month's last day and leap years)).",
    );
  });

  it("a Content-Length over the cap is refused before the body is read", async () => {
    const error = await failure("/huge-declared", 2_000);
    expect(bankErrorOf(error)?.code).toBe("unknown");
    expect(bankErrorOf(error)?.message).toMatch(/larger than 20 MB/);
  });
});
