// The logger keeps what a person debugging a 500 needs (stack, cause chain) and drops what must
// never reach a log (credentials, cookies, tokens, IBANs), at any depth, error texts included.
import { describe, expect, it } from "vitest";
import { createLogger } from "@/lib/log";

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ write: (line: string) => void lines.push(line) }, "debug");
  const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { logger, lines, parsed };
}

type Serialized = { type: string; message: string; stack: string; cause?: Serialized };

describe("log", () => {
  it("writes one JSON line per event with level, time and message", () => {
    const { logger, lines, parsed } = capture();
    logger.info({ requestId: "r1", status: 200 }, "api");
    expect(lines).toHaveLength(1);
    expect(lines[0].endsWith("\n")).toBe(true);
    expect(parsed()[0]).toMatchObject({ level: "info", msg: "api", requestId: "r1", status: 200 });
    expect(Number.isNaN(Date.parse(String(parsed()[0].t)))).toBe(false);
  });

  it("keeps an error's stack and its whole cause chain", () => {
    const { logger, parsed } = capture();
    const root = new TypeError("socket hang up");
    const middle = new Error("bank call failed", { cause: root });
    logger.error({ error: new Error("request failed", { cause: middle }) }, "request failed");
    const error = parsed()[0].error as Serialized;
    expect(error.message).toBe("request failed");
    expect(error.stack).toMatch(/^Error: request failed\n\s+at /);
    expect(error.cause?.message).toBe("bank call failed");
    expect(error.cause?.stack).toMatch(/^Error: bank call failed\n\s+at /);
    expect(error.cause?.cause).toMatchObject({ type: "TypeError", message: "socket hang up" });
    expect(error.cause?.cause?.stack).toMatch(/^TypeError: socket hang up/);
  });

  it("keeps an error's classifying code, never a code under any other key", () => {
    const { logger, parsed } = capture();
    const bank = Object.assign(new Error("the bank asks us to slow down"), { code: "rate_limited" });
    const odd = Object.assign(new Error("x"), { code: "a code with spaces and ll_pat_AbCdEfGh0123" });
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    logger.warn({ error: bank, other: odd, db: deadlock, callback: { code: "oauth-one-time-code-123" } }, "bank");
    const [line] = parsed() as {
      error: { code: string };
      other: { code: string };
      db: { code: string };
      callback: { code: string };
    }[];
    expect(line.error.code).toBe("rate_limited");
    expect(line.db.code).toBe("40P01");
    expect(line.other.code).toBe("[redacted]");
    expect(line.callback.code).toBe("[redacted]");
  });

  it("redacts credentials, cookies, tokens and IBANs wherever they are", () => {
    const { logger, lines } = capture();
    const iban = "BE71096123456769";
    const token = "ll_pat_AbCdEfGhIjKlMnOp0123";
    const failure = Object.assign(new Error(`insert failed for ${iban}`), {
      detail: "Failing row contains (Jane Doe, …)",
    });
    logger.error(
      {
        request: { headers: { authorization: `Bearer ${token}`, cookie: "authjs.session-token=abc" } },
        note: `token ${token} paid to ${iban}`,
        refreshToken: "anything",
        clientSecret: "s3cret",
        deep: { a: { b: { c: { password: "hunter2", ibans: [iban] } } } },
        error: failure,
      },
      "request failed",
    );
    const text = lines.join("");
    for (const secret of [token, iban, "authjs.session-token=abc", "anything", "s3cret", "hunter2", "Jane Doe"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain("[redacted]");
    expect(text).toContain("insert failed for [redacted]");
  });
});
