// Which failures say the database is out of reach (answered 503 with Retry-After) and which say the
// statement is at fault (still a 500 or its own answer).
import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "@/lib/db/errors";

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
