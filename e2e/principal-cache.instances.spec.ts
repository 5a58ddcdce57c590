// The principal cache on the built app, two instances on one database (issue 25): each instance keeps
// who a token is and a person's memberships for a while (instance B for 5 minutes here), and a change
// made through the other instance reaches it by PostgreSQL's notification within the poll's few
// seconds; a change made through the same instance is seen by its very next request.
import { request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import { expect, test } from "./support/project-servers";
import { dataOf } from "./support/envelope";
import { signedInPerson, type Person } from "./support/person";
import { INSTANCE_A_PORT, INSTANCE_B_PORT } from "./support/topology";

const url = (port: number) => `http://localhost:${port}`;
const authOf = (res: APIResponse) => /auth;desc=(\w+)/.exec(res.headers()["server-timing"] ?? "")?.[1];
const bearer = (person: Person) => ({ authorization: person.token.authorization });

let a: APIRequestContext;
let b: APIRequestContext;
test.beforeAll(async () => {
  a = await playwrightRequest.newContext({ baseURL: url(INSTANCE_A_PORT) });
  b = await playwrightRequest.newContext({ baseURL: url(INSTANCE_B_PORT) });
});
test.afterAll(async () => {
  await a.dispose();
  await b.dispose();
});

/** Asks until the instance answers these credentials from what it kept (the first ask reads them). */
async function keptOn(api: APIRequestContext, path: string, headers: Record<string, string>) {
  await expect
    .poll(async () => {
      const res = await api.get(path, { headers });
      return `${res.status()} ${authOf(res)}`;
    })
    .toBe("200 kept");
}

/** A personal access token of a new person, made through instance A. */
async function personalToken(): Promise<{ person: Person; id: string; headers: Record<string, string> }> {
  const person = await signedInPerson(a, url(INSTANCE_A_PORT), "Cache");
  const created = await a.post("/api/auth/v1/personal-tokens", {
    headers: bearer(person),
    data: { name: "cache spec", expiresInDays: 7 },
  });
  expect(created.status()).toBe(201);
  const { id, token } = await dataOf<{ id: string; token: string }>(created);
  return { person, id, headers: { authorization: `Bearer ${token}` } };
}

test("a token revoked through one instance is refused by the other once it hears", async () => {
  const { person, id, headers } = await personalToken();
  await keptOn(b, "/api/scopes/v1", headers);
  expect((await a.delete(`/api/auth/v1/personal-tokens/${id}`, { headers: bearer(person) })).status()).toBe(200);
  await expect.poll(async () => (await b.get("/api/scopes/v1", { headers })).status(), { timeout: 5000 }).toBe(401);
});

test("a token revoked through an instance is refused by that instance's next request", async () => {
  const { person, id, headers } = await personalToken();
  await keptOn(a, "/api/scopes/v1", headers);
  expect((await a.delete(`/api/auth/v1/personal-tokens/${id}`, { headers: bearer(person) })).status()).toBe(200);
  expect((await a.get("/api/scopes/v1", { headers })).status()).toBe(401);
});

test("a person removed from a scope through one instance loses it on the other once it hears", async () => {
  const owner = await signedInPerson(a, url(INSTANCE_A_PORT), "Owner");
  const guest = await signedInPerson(a, url(INSTANCE_A_PORT), "Guest");
  const added = await a.post("/api/scopes/v1/members", {
    headers: owner.token,
    data: { email: guest.email, role: "viewer" },
  });
  expect(added.status()).toBe(201);
  const { userId } = await dataOf<{ userId: string }>(added);
  const inOwners = { ...bearer(guest), "x-scope": owner.scopeId };
  await keptOn(b, "/api/clients/v1", inOwners);

  const removed = await a.delete(`/api/scopes/v1/members/${userId}`, { headers: owner.token });
  expect(removed.status()).toBe(204);
  await expect
    .poll(async () => (await b.get("/api/clients/v1", { headers: inOwners })).status(), { timeout: 5000 })
    .toBe(404);
});
