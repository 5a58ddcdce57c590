// /api/openapi.json over real HTTP: public, OpenAPI 3.1, with the account-tracking paths.
import { expect, test } from "@playwright/test";

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, unknown> };
};

test("/api/openapi.json is an OpenAPI 3.1 document with the API's paths", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/json");
  const doc = (await response.json()) as Doc;
  expect(doc.openapi).toMatch(/^3\.1\./);
  expect(doc.components.securitySchemes.bearerAuth).toBeDefined();
  for (const [path, method] of [
    ["/api/scopes/v1", "get"],
    ["/api/accounttracking/v1/consents", "post"],
    ["/api/accounttracking/v1/accounts", "get"],
    ["/api/accounttracking/v1/accounts/{id}/transactions", "get"],
    ["/api/accounttracking/v1/accounts/{id}/stats", "get"],
    ["/api/accounttracking/v1/accounts/{id}/sync-status", "get"],
    ["/api/clients/v1", "post"],
  ] as const) {
    expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
  }
  expect(Object.keys(doc.paths["/api/accounttracking/v1/accounts/{id}/transactions"].get.responses)).toEqual(
    expect.arrayContaining(["200", "401", "404", "422", "429"]),
  );
  expect(doc.paths["/api/auth/{...nextauth}"]).toBeUndefined();
});
