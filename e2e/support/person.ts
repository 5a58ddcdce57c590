// A person over real HTTP, as the built app meets them: signed up, signed in to a browser session
// (Auth.js cookie, so their syncs are attended) and holding a bearer token (a script: unattended).
import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { dataOf } from "./envelope";

export type Person = {
  email: string;
  scopeId: string;
  /** Headers for calls made as the signed-in browser session (attended). */
  session: Record<string, string>;
  /** Headers for calls made with the person's bearer token (a script: unattended). */
  token: Record<string, string>;
};

/**
 * Signs a new person up (POST /api/auth/v1/sign-up) and in to a browser session (Auth.js credentials
 * sign-in): `request`'s context keeps the session cookie, and a page's `page.request` shares it with
 * the page.
 */
export async function signUpWithSession(
  request: APIRequestContext,
  baseURL: string,
  person: { email: string; password: string; name: string },
): Promise<void> {
  const { email, password, name } = person;
  expect((await request.post("/api/auth/v1/sign-up", { data: { email, password, name } })).status()).toBe(201);
  const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
  const signIn = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, callbackUrl: `${baseURL}/dashboard` },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBeLessThan(400);
  const cookies = await request.storageState();
  expect(cookies.cookies.some((c) => c.name.endsWith("authjs.session-token"))).toBe(true);
}

export async function signedInPerson(request: APIRequestContext, baseURL: string, label = "Faults"): Promise<Person> {
  const email = `${label.toLowerCase()}-${randomUUID()}@example.test`;
  const password = "a long enough password";
  await signUpWithSession(request, baseURL, { email, password, name: `${label} Person` });
  const grant = await request.post("/api/auth/v1/token", { data: { grantType: "password", email, password } });
  const { accessToken } = await dataOf<{ accessToken: string }>(grant);
  const scopes = await request.get("/api/scopes/v1", { headers: { authorization: `Bearer ${accessToken}` } });
  const scopeId = (await dataOf<{ scopeId: string }[]>(scopes))[0].scopeId;
  return {
    email,
    scopeId,
    session: { "x-scope": scopeId, origin: baseURL },
    token: { "x-scope": scopeId, authorization: `Bearer ${accessToken}` },
  };
}
