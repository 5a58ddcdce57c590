import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { openApiDocument } from "@/lib/openapi/document";
import { toSchema } from "@/lib/openapi/json-schema";
import { errorEnvelope } from "@/lib/openapi/schemas/common";

type Documented = {
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
const WRITES = new Set(["post", "put", "patch", "delete"]);
const everyOperation = () =>
  Object.entries(openApiDocument().paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      where: `${method.toUpperCase()} ${path}`,
      method,
      op: op as Documented,
    })),
  );

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(openApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is served at /api/openapi.json", async () => {
    const response = GET(new Request("http://localhost/api/openapi.json"));
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/api/accounttracking/v1/accounts/{id}/transactions"]).toBeDefined();
  });

  it("documents the account-tracking operations with the envelope, headers and error codes", () => {
    const op = openApiDocument().paths["/api/accounttracking/v1/accounts/{id}/transactions"].get as {
      parameters: { name?: string; $ref?: string }[];
      responses: Record<string, unknown>;
    };
    const names = op.parameters.map((p) => p.name ?? p.$ref);
    expect(names).toEqual(
      expect.arrayContaining([
        "id",
        "#/components/parameters/X-Scope",
        "filter[fromDate]",
        "filter[toDate]",
        "filter[status]",
        "perPage",
        "cursor",
      ]),
    );
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "404", "405", "422", "429", "500"]),
    );
    const post = openApiDocument().paths["/api/accounttracking/v1/consents"].post as {
      parameters: { $ref?: string }[];
      requestBody: unknown;
    };
    expect(post.parameters.map((p) => p.$ref)).toContain("#/components/parameters/Idempotency-Key");
    expect(post.requestBody).toBeDefined();
  });

  // The HTTP server answers these itself, in the envelope (lib/server/http-server.ts, lib/api/body.ts).
  it("lists 431 on every operation and 413 on every operation that takes a body, in the error envelope", () => {
    const envelopeOf = (status: number) => toSchema(errorEnvelope(status), "output");
    const ops = everyOperation();
    expect(ops.length).toBeGreaterThan(55);
    for (const { where, method, op } of ops) {
      const takesBody = WRITES.has(method) || op.requestBody !== undefined;
      expect(op.responses["431"]?.content?.["application/json"]?.schema, `${where}: 431`).toEqual(envelopeOf(431));
      if (takesBody) {
        expect(op.responses["413"]?.content?.["application/json"]?.schema, `${where}: 413`).toEqual(envelopeOf(413));
      } else expect(op.responses["413"], `${where}: 413 without a body`).toBeUndefined();
    }
  });
});
