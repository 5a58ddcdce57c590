// "Who is this?" on the sandbox `namesakes` user synced over HTTP, with the sandbox registry as the
// register searched by name: candidates from the counterpart's name and its IBAN's country, the
// binding to a registry company (one client per country and number, audited), the detail answer
// showing the company, and who may do what.
import { describe, expect, it } from "vitest";
import * as cpRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/route";
import * as candidatesRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/company-candidates/route";
import * as companyRoute from "@/app/api/accounttracking/v1/counterparts/[counterpartId]/company/route";
import * as clientRoute from "@/app/api/clients/v1/[id]/route";
import { prisma } from "@/lib/db/client";
import { luhnValid } from "@/lib/datasets/check-digits";
import { withSyncedNamesakes, type Listed, type SyncedNamesakes } from "@/testing/support/counterparts";
import { withSandboxRegistry } from "@/testing/support/datasets/sandbox-registry";
import { addMember, makePerson } from "@/testing/support/fixtures";
import { bearer, call } from "@/testing/support/http";

type Candidates = {
  name: string;
  country: string | null;
  candidates: { name: string; country: string; number: string; status: string; provider: string }[];
  attempts: { provider: string; outcome: string; reason: string | null }[];
};
type Company = { clientId: string; name: string; country: string; number: string; lei: string | null } | null;

let ctx: SyncedNamesakes;
let listed: Listed[];
withSyncedNamesakes((synced, all) => {
  ctx = synced;
  listed = all;
});
withSandboxRegistry();

const ARVAL = { country: "FR", number: "352256424", name: "Arval Service Lease", lei: "969500ARVALSERVICE21" };

const candidates = (counterpartId: string, query = "", headers = ctx.headers) =>
  call<{ data: Candidates }>(candidatesRoute.GET, "GET", "x", { headers, params: { counterpartId }, query });
const bind = (counterpartId: string, body: unknown, headers = ctx.headers) =>
  call<{ data: { entity: { entityType: string; entityId: string } | null }; error?: { code: string } }>(
    companyRoute.PUT,
    "PUT",
    "x",
    { headers, params: { counterpartId }, body },
  );
const detail = async (counterpartId: string) =>
  (
    await call<{ data: { company: Company } }>(cpRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { counterpartId },
    })
  ).json.data.company;

async function ibanCountry(counterpartId: string): Promise<string> {
  const key = await prisma().counterpartKey.findFirstOrThrow({ where: { counterpartId, kind: "iban" } });
  return key.value.slice(0, 2);
}

describe("GET …/counterparts/{id}/company-candidates", () => {
  it("searches by the counterpart's name in its IBAN's country, the registers in order, each one's outcome said", async () => {
    const payee = listed.find((c) => c.totals.sumOut !== "0") ?? listed[0];
    const country = await ibanCountry(payee.id);
    const res = await candidates(payee.id);
    expect(res.status).toBe(200);
    expect([res.json.data.name, res.json.data.country]).toEqual([payee.displayName, country]);
    // No default profile yet: every provider in the platform's order; only the sandbox registry is on in tests.
    const [first, ...others] = res.json.data.attempts;
    expect([first.provider, first.outcome]).toEqual(["sandbox_registry", "served"]);
    expect(others.map((a) => a.provider)).toContain("gleif");
    expect(others.every((a) => a.outcome === "skipped" && a.reason)).toBe(true);
    expect(res.json.data.candidates.map((c) => [c.name, c.country, c.provider])).toEqual([
      [payee.displayName, country, "sandbox_registry"],
    ]);
  });

  it("takes another name and country, and finds the same company for the same name every time", async () => {
    const query = "name=Arval%20Service%20Lease&country=fr";
    const first = await candidates(listed[0].id, query);
    expect(first.status).toBe(200);
    const [candidate] = first.json.data.candidates;
    expect(candidate.country).toBe("FR");
    expect(luhnValid(candidate.number.replace(/\s/g, ""))).toBe(true);
    expect((await candidates(listed[1].id, query)).json.data.candidates).toEqual(first.json.data.candidates);
  });

  it("answers no candidates, and says there was no country, when none is known or given", async () => {
    await prisma().counterpartKey.deleteMany({
      where: { counterpartId: listed[2].id, kind: { in: ["iban", "creditor_id"] } },
    });
    const res = await candidates(listed[2].id);
    expect([res.status, res.json.data.country, res.json.data.candidates]).toEqual([200, null, []]);
  });
});

describe("PUT …/counterparts/{id}/company", () => {
  it("creates the company's client once, binds the counterpart to it, and the detail shows the company", async () => {
    const scopeId = ctx.connected.person.scopeId;
    const res = await bind(listed[3].id, ARVAL);
    expect(res.status).toBe(200);
    const clientId = res.json.data.entity?.entityId ?? "";
    expect(res.json.data.entity?.entityType).toBe("client");
    expect(await detail(listed[3].id)).toEqual({
      clientId,
      name: "Arval Service Lease",
      country: "FR",
      number: "352 256 424",
      lei: ARVAL.lei,
    });
    const client = await call<{ data: Record<string, unknown> }>(clientRoute.GET, "GET", "x", {
      headers: ctx.headers,
      params: { id: clientId },
    });
    expect(client.json.data).toMatchObject({ type: "company", registrationNumber: "352 256 424", lei: ARVAL.lei });

    // The same company spelled otherwise, from another counterpart: the same client, no second one.
    const again = await bind(listed[4].id, { country: "fr", number: "352 256 424", name: "ARVAL" });
    expect(again.json.data.entity?.entityId).toBe(clientId);
    expect(await prisma().client.count({ where: { scopeId, registrationNumber: "352 256 424" } })).toBe(1);
    const audit = await prisma().auditEvent.findMany({
      where: { scopeId, recordId: { in: [clientId, listed[3].id, listed[4].id] } },
      orderBy: { seq: "asc" },
    });
    expect(audit.map((a) => a.action)).toEqual([
      "client.created",
      "counterpart.entity_bound",
      "counterpart.entity_bound",
    ]);
    // A counterpart with no binding, or a hand-typed client, has no company.
    expect(await detail(listed[5].id)).toBeNull();
  });

  it("refuses bad input with 422, another scope with 404, and a viewer with 403", async () => {
    const id = listed[5].id;
    for (const body of [
      { ...ARVAL, number: "352256425" },
      { ...ARVAL, country: "XX" },
      { ...ARVAL, name: "" },
      { ...ARVAL, lei: "not an lei" },
      { ...ARVAL, extra: true },
      { country: "FR", number: "352256424" },
    ]) {
      expect((await bind(id, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await candidates(id, "country=ZZ")).status).toBe(422);

    const stranger = await makePerson("stranger");
    const strangerHeaders = bearer(stranger.token, stranger.scopeId);
    expect((await bind(id, ARVAL, strangerHeaders)).status).toBe(404);
    expect((await candidates(id, "", strangerHeaders)).status).toBe(404);

    const viewer = await makePerson("viewer");
    await addMember(ctx.connected.person.scopeId, viewer.userId, "viewer");
    const viewerHeaders = bearer(viewer.token, ctx.connected.person.scopeId);
    const denied = await bind(id, ARVAL, viewerHeaders);
    expect([denied.status, denied.json.error?.code]).toEqual([403, "forbidden"]);
    expect((await candidates(id, "", viewerHeaders)).status).toBe(403);
    expect(await detail(id)).toBeNull();
  });
});
