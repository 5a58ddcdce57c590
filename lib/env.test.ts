import { afterEach, describe, expect, it } from "vitest";
import { authSecret, databaseReplicaUrl, requireDatabaseUrl } from "@/lib/env";

const saved = { ...process.env };
afterEach(() => {
  for (const name of ["DATABASE_URL", "DATABASE_REPLICA_URL", "AUTH_SECRET"] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe("settings a process may change after start", () => {
  it("are read when asked: a replica, a database or a secret set later is the one used", () => {
    delete process.env.DATABASE_REPLICA_URL;
    expect(databaseReplicaUrl()).toBeUndefined();
    process.env.DATABASE_REPLICA_URL = "postgres://replica.example/app";
    expect(databaseReplicaUrl()).toBe("postgres://replica.example/app");
    process.env.DATABASE_URL = "postgres://primary.example/app";
    expect(requireDatabaseUrl()).toBe("postgres://primary.example/app");
    process.env.AUTH_SECRET = "s".repeat(40);
    expect(authSecret()).toBe("s".repeat(40));
  });

  it("are held to the same rules as at start, and a missing one says what to do", () => {
    process.env.AUTH_SECRET = "too short";
    expect(() => authSecret()).toThrow(/AUTH_SECRET: .*32/);
    delete process.env.AUTH_SECRET;
    expect(() => authSecret()).toThrow(/AUTH_SECRET is not set/);
    delete process.env.DATABASE_URL;
    expect(() => requireDatabaseUrl()).toThrow(/DATABASE_URL is not set/);
  });
});
