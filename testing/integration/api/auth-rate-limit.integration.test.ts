// Password checks are limited per address, per (address, email) and per email; refresh grants per
// refresh-token family. Before, every refresh grant from one address shared one password budget,
// so people behind one NAT locked each other out. Small limits for this file only.
import { describe, expect, it } from "vitest";
import { envForThisFile } from "@/testing/support/file-env";
import { call } from "@/testing/support/http";

const POINTS = 2;

envForThisFile({ AUTH_RATE_LIMIT_POINTS: String(POINTS) });

type Pair = { data: { refreshToken: string } };

async function load() {
  const token = await import("@/app/api/auth/v1/token/route");
  const { makePerson, TEST_PASSWORD } = await import("@/testing/support/fixtures");
  const grant = (body: Record<string, string>, peer: string) =>
    call<Pair>(token.POST, "POST", "/api/auth/v1/token", { body, headers: { "x-ll-peer": peer } });
  return { grant, makePerson, TEST_PASSWORD };
}

describe("token endpoint limits", () => {
  it("refresh grants of different sign-ins from one address do not share a budget; one family has its own", async () => {
    const { grant, makePerson, TEST_PASSWORD } = await load();
    const nat = "198.51.100.7";
    const people = await Promise.all([makePerson("nat1"), makePerson("nat2"), makePerson("nat3")]);
    const refresh: string[] = [];
    for (const [i, p] of people.entries()) {
      const signedIn = await grant(
        { grantType: "password", email: p.email, password: TEST_PASSWORD },
        `192.0.2.${i + 1}`,
      );
      expect(signedIn.status).toBe(200);
      refresh.push(signedIn.json.data.refreshToken);
    }
    // Three sign-ins refreshing from one address: more than POINTS grants, none refused.
    for (const [i, r] of refresh.entries()) {
      const res = await grant({ grantType: "refresh_token", refreshToken: r }, nat);
      expect(res.status).toBe(200);
      refresh[i] = res.json.data.refreshToken;
    }
    // One family refreshed over its budget (POINTS a window) is refused, from any address.
    const second = await grant({ grantType: "refresh_token", refreshToken: refresh[0] }, "203.0.113.1");
    expect(second.status).toBe(200);
    const again = await grant(
      { grantType: "refresh_token", refreshToken: second.json.data.refreshToken },
      "203.0.113.2",
    );
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toMatch(/^\d+$/);
    // …while password checks from the same address are untouched by refreshes.
    expect((await grant({ grantType: "password", email: people[1].email, password: TEST_PASSWORD }, nat)).status).toBe(
      200,
    );
  });

  it("password checks: per (address, email), per email across addresses, per address across emails", async () => {
    const { grant, makePerson } = await load();
    const victim = await makePerson("victim");
    const wrong = (email: string, peer: string) =>
      grant({ grantType: "password", email, password: "wrong password!" }, peer);
    expect((await wrong(victim.email, "198.51.100.20")).status).toBe(401);
    expect((await wrong(victim.email, "198.51.100.20")).status).toBe(401);
    expect((await wrong(victim.email, "198.51.100.20")).status).toBe(429); // (address, email): POINTS
    for (const peer of ["198.51.100.21", "198.51.100.21", "198.51.100.22", "198.51.100.22"]) {
      expect((await wrong(victim.email, peer)).status).toBe(401);
    }
    expect((await wrong(victim.email, "198.51.100.23")).status).toBe(429); // the email: 3 × POINTS across addresses
    const sprayer = "198.51.100.30";
    const statuses: number[] = [];
    for (let i = 0; i < POINTS * 10 + 1; i += 1)
      statuses.push((await wrong(`nobody-${i}@example.test`, sprayer)).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(POINTS * 10); // the address: 10 × POINTS across emails
    expect(statuses.at(-1)).toBe(429);
  });
});
