// A person changes their password from their browser session: the current one is checked first, the
// new one then signs them in and the old one no longer does; a token acting as them cannot do it.
import { describe, expect, it } from "vitest";
import * as passwordRoute from "@/app/api/auth/v1/me/password/route";
import { checkCredentials } from "@/lib/identity/credentials";
import { makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";
import { sessionCookie, TEST_PASSWORD } from "@/testing/support/fixtures";

const NEW_PASSWORD = "a brand new passphrase";

describe("changing one's password", () => {
  it("checks the current password, then the new one works and the old one no longer does", async () => {
    const person = await makePerson("password");
    const headers = { cookie: await sessionCookie(person.userId), origin: "http://localhost", host: "localhost" };
    const wrong = await call<{ error: { details: Record<string, string[]> } }>(passwordRoute.PUT, "PUT", "x", {
      headers,
      body: { currentPassword: "not it at all", newPassword: NEW_PASSWORD },
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.error.details)).toEqual(["currentPassword"]);
    const short = await call(passwordRoute.PUT, "PUT", "x", {
      headers,
      body: { currentPassword: TEST_PASSWORD, newPassword: "short" },
    });
    expect(short.status).toBe(422);

    const done = await call(passwordRoute.PUT, "PUT", "x", {
      headers,
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(done.status, done.text).toBe(204);
    expect(await checkCredentials(person.email, NEW_PASSWORD)).not.toBeNull();
    expect(await checkCredentials(person.email, TEST_PASSWORD)).toBeNull();
  });

  it("refuses a token acting as the person (403), and changes nothing", async () => {
    const person = await makePerson("password-token");
    const res = await call(passwordRoute.PUT, "PUT", "x", {
      headers: bearer(person.token),
      body: { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.status).toBe(403);
    expect(await checkCredentials(person.email, TEST_PASSWORD)).not.toBeNull();
  });
});
