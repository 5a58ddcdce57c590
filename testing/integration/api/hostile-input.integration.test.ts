// Hostile input reaches validation, never the database: prototype-named keys, NUL characters and
// unpaired surrogates answer 422 naming the field (each of these used to answer 500).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as accountCounterparts from "@/app/api/accounttracking/v1/accounts/[id]/counterparts/route";
import * as signUp from "@/app/api/auth/v1/sign-up/route";
import * as token from "@/app/api/auth/v1/token/route";
import * as clients from "@/app/api/clients/v1/route";
import * as lookup from "@/app/api/companies/v1/lookup/route";
import * as profiles from "@/app/api/datasets/v1/profiles/route";
import { prisma } from "@/lib/db/client";
import { bearer, call } from "@/testing/support/http";
import { makePerson } from "@/testing/support/fixtures";

type ErrorBody = { error: { code: string; details?: Record<string, string[]> } };

describe("prototype-named keys", () => {
  for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
    it(`a body key named ${key} is an unknown field (422), on a public endpoint too`, async () => {
      const email = `proto-${randomUUID()}@example.test`;
      const res = await call<ErrorBody>(signUp.POST, "POST", "/api/auth/v1/sign-up", {
        rawBody: `{"email":"${email}","password":"long enough password","name":"P","${key}":{"x":1}}`,
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe("validation_failed");
      expect(Object.prototype.hasOwnProperty.call(res.json.error.details, key)).toBe(true);
      expect(res.json.error.details?.[key]).toEqual(["Unknown field; remove it."]);
      expect(await prisma().user.count({ where: { email } })).toBe(0);
    });
  }

  it("a query parameter named __proto__ is ignored like any unknown parameter", async () => {
    const p = await makePerson();
    const res = await call(clients.GET, "GET", "/api/clients/v1", {
      headers: bearer(p.token, p.scopeId),
      query: "__proto__=x&constructor=y",
    });
    expect(res.status).toBe(200);
  });
});

describe("NUL and unpaired surrogates", () => {
  it("in a JSON string: 422 naming the field, nothing written", async () => {
    const p = await makePerson();
    for (const bad of ["\\u0000", "\\ud800", "a\\udc00b"]) {
      const res = await call<ErrorBody>(clients.POST, "POST", "/api/clients/v1", {
        headers: { ...bearer(p.token, p.scopeId), "content-type": "application/json" },
        rawBody: `{"type":"company","displayName":"x${bad}","countryCode":"BE"}`,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.details ?? {})).toEqual(["displayName"]);
    }
    expect(await prisma().client.count({ where: { scopeId: p.scopeId } })).toBe(0);
  });

  it("in the token endpoint's email, which its rate limits read before validation (found by the fuzz)", async () => {
    for (const email of ["a\\u0000b@example.test", "\\ud800@example.test"]) {
      const res = await call<ErrorBody>(token.POST, "POST", "/api/auth/v1/token", {
        headers: { "content-type": "application/json", "x-ll-peer": "198.51.100.99" },
        rawBody: `{"grantType":"password","email":"${email}","password":"whatever"}`,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.error.details ?? {})).toEqual(["email"]);
    }
  });

  it("%00 in query parameters: clients search, profile filters, lookup context, counterparts q", async () => {
    const p = await makePerson();
    const headers = bearer(p.token, p.scopeId);
    const cases: {
      handler: typeof clients.GET;
      path: string;
      query: string;
      field: string;
      params: Record<string, string>;
    }[] = [
      { handler: clients.GET, path: "/api/clients/v1", query: "search=a%00b", field: "search", params: {} },
      {
        handler: profiles.GET,
        path: "/api/datasets/v1/profiles",
        query: "entity_type=client&entity_id=%00",
        field: "entity_id",
        params: {},
      },
      {
        handler: profiles.GET,
        path: "/api/datasets/v1/profiles",
        query: "profession=%00",
        field: "profession",
        params: {},
      },
      {
        handler: lookup.GET,
        path: "/api/companies/v1/lookup",
        query: "country=BE&number=0403170701&entityType=client&entityId=%00",
        field: "entityId",
        params: {},
      },
      {
        handler: accountCounterparts.GET,
        path: "/x",
        query: "q=%ED%A0%80%00",
        field: "q",
        params: { id: randomUUID() },
      },
    ];
    for (const c of cases) {
      const res = await call<ErrorBody>(c.handler, "GET", c.path, { headers, query: c.query, params: c.params });
      expect(res.status, `${c.path}?${c.query}`).toBe(422);
      expect(Object.keys(res.json.error.details ?? {})).toContain(c.field);
    }
  });
});
