// GET /api/audit/v1/events through the route handlers: who may read the trail (admins 200; members,
// viewers and App tokens 403; another scope 404), the changes to members, keys, tokens and clients
// each as one row naming its actor and said as a sentence with names, the filters, keyset paging,
// and that no row holds a secret.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as apiKeys from "@/app/api/auth/v1/api-keys/route";
import * as apiKey from "@/app/api/auth/v1/api-keys/[id]/route";
import * as personalTokens from "@/app/api/auth/v1/personal-tokens/route";
import * as revokeRoute from "@/app/api/auth/v1/revoke/route";
import * as clients from "@/app/api/clients/v1/route";
import * as members from "@/app/api/scopes/v1/members/route";
import * as member from "@/app/api/scopes/v1/members/[userId]/route";
import * as eventsRoute from "@/app/api/audit/v1/events/route";
import { pool } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { addMember, makeAppToken, makePerson, sessionCookie, TEST_PASSWORD } from "@/testing/support/fixtures";

type Event = {
  id: string;
  action: string;
  actor: { kind: string; userId: string | null; tokenId: string | null; name: string | null };
  record: { type: string; id: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};
type Page = { data: Event[]; meta: { page: { nextCursor: string | null } } };
type ErrorBody = { error: { code: string; details?: Record<string, string[]> } };

let admin: Awaited<ReturnType<typeof makePerson>>;
let colleague: Awaited<ReturnType<typeof makePerson>>;
let headers: Record<string, string>;
const secrets: string[] = [];
const ids: Record<string, string> = {};

const list = (query: string, as: Record<string, string> = headers) =>
  call<Page>(eventsRoute.GET, "GET", "/api/audit/v1/events", { headers: as, query });

beforeAll(async () => {
  admin = await makePerson("auditadmin");
  colleague = await makePerson("colleague");
  headers = bearer(admin.token, admin.scopeId);
  secrets.push(admin.token, colleague.token);

  const added = await call(members.POST, "POST", "x", { headers, body: { email: colleague.email, role: "member" } });
  const promoted = await call(member.PATCH, "PATCH", "x", {
    headers,
    params: { userId: colleague.userId },
    body: { role: "viewer" },
  });
  const key = await call<{ data: { id: string; token: string } }>(apiKeys.POST, "POST", "x", {
    headers,
    body: { name: "Bookkeeping sync", role: "member" },
  });
  const revoked = await call(apiKey.DELETE, "DELETE", "x", { headers, params: { id: key.json.data.id } });
  // A key revoked by whoever holds it, with its secret (RFC 7009).
  const held = await call<{ data: { id: string; token: string } }>(apiKeys.POST, "POST", "x", {
    headers,
    body: { name: "Connector", kind: "connector_app", role: "member" },
  });
  const client = await call<{ data: { id: string } }>(clients.POST, "POST", "x", {
    headers: bearer(held.json.data.token, admin.scopeId),
    body: { type: "company", displayName: "Pay BE68539007547034 Ltd", countryCode: "BE" },
  });
  const selfRevoked = await call(revokeRoute.POST, "POST", "x", { body: { token: held.json.data.token } });
  // The colleague's own personal token: it acts in both their scopes, so both trails show it.
  const pat = await call<{ data: { id: string; token: string } }>(personalTokens.POST, "POST", "x", {
    headers: bearer(colleague.token),
    body: { name: "Laptop CLI" },
  });
  expect([added, promoted, key, revoked, held, client, selfRevoked, pat].map((r) => r.status)).toEqual([
    201, 200, 201, 200, 201, 201, 200, 201,
  ]);
  secrets.push(key.json.data.token, held.json.data.token, pat.json.data.token);
  Object.assign(ids, {
    key: key.json.data.id,
    held: held.json.data.id,
    client: client.json.data.id,
    pat: pat.json.data.id,
  });
});

describe("GET /api/audit/v1/events", () => {
  it("records each change once, with its actor: a person, an App token, a token revoked by its holder", async () => {
    const { data } = (await list("perPage=200")).json;
    const rows = data.filter((e) => e.record.id !== admin.tokenId);
    expect(rows.map((e) => [e.action, e.actor.kind, e.actor.tokenId])).toEqual([
      ["personal_token.created", "personal_token", colleague.tokenId],
      ["api_key.revoked", "connector_app", ids.held],
      ["client.created", "connector_app", ids.held],
      ["api_key.created", "personal_token", admin.tokenId],
      ["api_key.revoked", "personal_token", admin.tokenId],
      ["api_key.created", "personal_token", admin.tokenId],
      ["member.role_changed", "personal_token", admin.tokenId],
      ["member.added", "personal_token", admin.tokenId],
    ]);
    const byAction = (action: string) => rows.filter((e) => e.action === action);
    expect(byAction("member.role_changed")[0]).toMatchObject({
      record: { type: "member", id: colleague.userId },
      before: { role: "member" },
      after: { role: "viewer" },
    });
    expect(byAction("api_key.revoked").find((e) => e.record.id === ids.key)?.before).toEqual({ revokedAt: null });
    expect(byAction("client.created")[0].actor.name).toBe("Connector");
    // The colleague's personal token shows in their own scope's trail too.
    const own = await list("perPage=200", bearer(colleague.token, colleague.scopeId));
    expect(own.json.data.map((e) => [e.action, e.record.id])).toContainEqual(["personal_token.created", ids.pat]);
  });

  it("filters by action, actor and record id", async () => {
    const only = async (query: string) => (await list(`perPage=200&${query}`)).json.data;
    expect((await only("filter[action]=api_key.created")).map((e) => e.record.id).sort()).toEqual(
      [ids.key, ids.held].sort(),
    );
    expect((await only(`filter[actor]=${ids.held}`)).map((e) => e.action)).toEqual([
      "api_key.revoked",
      "client.created",
    ]);
    expect((await only(`filter[actor]=${admin.userId}`)).every((e) => e.actor.userId === admin.userId)).toBe(true);
    expect((await only(`filter[recordId]=${colleague.userId}`)).map((e) => e.action)).toEqual([
      "member.role_changed",
      "member.added",
    ]);
    expect(await only(`filter[recordId]=${randomUUID()}`)).toEqual([]);
    const bad = await call<ErrorBody>(eventsRoute.GET, "GET", "x", {
      headers,
      query: "filter[action]=consent.deleted",
    });
    expect([bad.status, Object.keys(bad.json.error.details ?? {})]).toEqual([422, ["filter[action]"]]);
  });

  it("pages with signed cursors: no gaps, no repeats, and a cursor is bound to its filters", async () => {
    const all = (await list("perPage=200")).json.data.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let first: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof list>> = await list(`perPage=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      seen.push(...res.json.data.map((e) => e.id));
      cursor = res.json.meta.page.nextCursor;
      first ??= cursor;
    } while (cursor);
    expect(seen).toEqual(all);
    const moved = await call<ErrorBody>(eventsRoute.GET, "GET", "x", {
      headers,
      query: `perPage=2&filter[action]=member.added&cursor=${first}`,
    });
    expect([moved.status, Object.keys(moved.json.error.details ?? {})]).toEqual([422, ["cursor"]]);
  });

  it("holds no secret: no token, hash or prefix, no password, no IBAN", async () => {
    const { rows } = await pool().query<{ row: string }>(
      "SELECT to_jsonb(e)::text AS row FROM audit_events e WHERE scope_id = ANY($1::uuid[])",
      [[admin.scopeId, colleague.scopeId]],
    );
    const text = rows.map((r) => r.row).join("\n");
    expect(rows.length).toBeGreaterThan(8);
    const hashes = await pool().query<{ token_hash: string; prefix: string }>(
      "SELECT token_hash, prefix FROM api_tokens WHERE id = ANY($1::uuid[])",
      [[ids.key, ids.held, ids.pat, admin.tokenId, colleague.tokenId]],
    );
    for (const value of [...secrets, ...hashes.rows.flatMap((r) => [r.token_hash, r.prefix]), TEST_PASSWORD]) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toMatch(/ll_(pat|at|rt|key|app|agt)_/);
    expect(text).not.toContain("BE68539007547034");
    const client = (await list(`filter[recordId]=${ids.client}`)).json.data[0];
    expect(client.after).toMatchObject({ displayName: "Pay [redacted] Ltd" });
  });

  it("says each change as a sentence with the names of people and keys, never an id", async () => {
    const events = (await list("perPage=100")).json.data as (Event & { summary: string })[];
    const said = (action: string, recordId?: string) =>
      events.find((e) => e.action === action && (!recordId || e.record.id === recordId))?.summary;
    expect(said("member.added")).toBe("auditadmin added colleague as a member.");
    expect(said("member.role_changed")).toBe("auditadmin made colleague a viewer (was a member).");
    expect(said("api_key.created", ids.key)).toBe("auditadmin created the API key “Bookkeeping sync”.");
    expect(said("api_key.revoked", ids.key)).toBe("auditadmin revoked the API key “Bookkeeping sync”.");
    expect(events.length).toBeGreaterThan(5);
    for (const e of events) expect(e.summary, e.action).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });

  it("(last: it adds people and keys) answers the scope's admins (token or session); members, viewers and App tokens get 403, strangers 404", async () => {
    expect((await list("perPage=5")).status).toBe(200);
    const cookie = await sessionCookie(admin.userId);
    expect((await list("perPage=5", { cookie, "x-scope": admin.scopeId })).status).toBe(200);

    const viewer = await list("", bearer(colleague.token, admin.scopeId));
    expect([viewer.status, (viewer.json as unknown as ErrorBody).error.code]).toEqual([403, "forbidden"]);
    const memberPerson = await makePerson("member");
    await addMember(admin.scopeId, memberPerson.userId, "member");
    expect((await list("", bearer(memberPerson.token, admin.scopeId))).status).toBe(403);
    const app = await makeAppToken(admin.scopeId, "member");
    const appAnswer = await list("", bearer(app.token, admin.scopeId));
    expect([appAnswer.status, (appAnswer.json as unknown as ErrorBody).error.code]).toEqual([403, "forbidden"]);

    const stranger = await makePerson("stranger");
    const foreign = await list("", bearer(stranger.token, admin.scopeId));
    expect([foreign.status, (foreign.json as unknown as ErrorBody).error.code]).toEqual([404, "not_found"]);
    expect(foreign.text).not.toContain(admin.userId);
    const missing = await call<ErrorBody>(eventsRoute.GET, "GET", "x", { headers: bearer(admin.token) });
    expect([missing.status, missing.json.error.code]).toEqual([400, "scope_missing"]);
  });
});
