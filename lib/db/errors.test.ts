// Which failures say the database is out of reach (answered 503 with Retry-After) and which say the
// statement is at fault (still a 500 or its own answer).
import { describe, expect, it } from "vitest";
import { databaseUnavailable, uniqueViolationTarget } from "@/lib/db/errors";

const pgError = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("databaseUnavailable", () => {
  it.each([
    ["a refused connection", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })],
    ["a connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["the pool's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["the server shutting down (admin_shutdown)", pgError("57P01")],
    ["the server starting up (cannot_connect_now)", pgError("57P03")],
    ["a connection exception (class 08)", pgError("08006")],
    ["a write on a server in recovery (a standby)", pgError("25006")],
    ["Prisma's adapter wrapping the pg error", new Error("DriverAdapterError", { cause: { originalCode: "57P01" } })],
    ["deep in a cause chain", new Error("outer", { cause: new Error("mid", { cause: pgError("08001") }) })],
  ])("%s: unavailable", (_, error) => {
    expect(databaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", pgError("23505")],
    ["a syntax error", pgError("42601")],
    ["a serialization failure (retried elsewhere)", pgError("40001")],
    ["a plain error", new Error("something else")],
    ["not an error", "Connection terminated"],
    ["null", null],
  ])("%s: not unavailable", (_, error) => {
    expect(databaseUnavailable(error)).toBe(false);
  });
});

// The shape Prisma 6's pg adapter gives a unique violation (errors.integration.test.ts meets a real one).
const prismaError = (code: string, meta: object) =>
  Object.assign(new Error("x"), { name: "PrismaClientKnownRequestError", code, meta });

describe("uniqueViolationTarget", () => {
  it("names the index PostgreSQL reported, even a table the statement never wrote (a trigger's)", () => {
    const error = prismaError("P2002", {
      modelName: "TrackedAccount",
      driverAdapterError: {
        cause: {
          originalMessage: 'duplicate key value violates unique constraint "account_day_figures_pkey"',
          constraint: { fields: ["account_id", "day"] },
        },
      },
    });
    expect(uniqueViolationTarget(error)).toBe("account_day_figures_pkey");
  });

  it("falls back to the columns, then to unknown", () => {
    expect(
      uniqueViolationTarget(
        prismaError("P2002", { driverAdapterError: { cause: { constraint: { fields: ["email"] } } } }),
      ),
    ).toBe("email");
    expect(uniqueViolationTarget(prismaError("P2002", {}))).toBe("unknown");
  });

  it("is null for anything else", () => {
    expect(uniqueViolationTarget(prismaError("P2025", {}))).toBeNull();
    expect(uniqueViolationTarget(pgError("23505"))).toBeNull();
  });
});
