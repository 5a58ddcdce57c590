// The development/test response check: an answer must be one the route declares, field for field.
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Contract } from "@/lib/api/contract";
import { checkResponse } from "@/lib/api/response-check";
import { NO_BODY, page } from "@/lib/api/responses";

const Item = z.object({ id: z.string(), amount: z.string(), note: z.string().nullable() });
const contract: Contract = {
  operationId: "checkMe",
  tag: "Health",
  summary: "A route for the check",
  auth: "any",
  scoped: true,
  uuidParams: ["id"],
  responses: { 200: Item, 201: page(Item), 204: NO_BODY },
};
const meta = { requestId: "req_1" };
const body = (data: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ data, meta: { ...meta, ...extra } });
const item = { id: "a", amount: "1.00", note: null };

describe("checkResponse", () => {
  it("accepts the declared bodies, a page, an empty 204 and a documented error", () => {
    expect(() => checkResponse("GET", contract, 200, body(item))).not.toThrow();
    const pageMeta = { page: { perPage: 1, nextCursor: null } };
    expect(() => checkResponse("GET", contract, 201, body([item], pageMeta))).not.toThrow();
    expect(() => checkResponse("GET", contract, 204, "")).not.toThrow();
    const error = JSON.stringify({ error: { code: "not_found", message: "Record not found." }, meta });
    expect(() => checkResponse("GET", contract, 404, error)).not.toThrow();
  });

  it("refuses a renamed field, a wrong type and a field the schema does not have, naming them", () => {
    const { amount, ...renamed } = item;
    expect(() => checkResponse("GET", contract, 200, body({ ...renamed, total: amount }))).toThrow(/amount/);
    expect(() => checkResponse("GET", contract, 200, body({ ...item, amount: 1 }))).toThrow(
      /checkMe answered 200.*amount/,
    );
    expect(() => checkResponse("GET", contract, 200, body({ ...item, secret: "x" }))).toThrow(/\.data\.secret/);
  });

  it("refuses an undeclared status, a body on a 204 and an error code the route cannot answer", () => {
    expect(() => checkResponse("GET", contract, 202, body(item))).toThrow(/does not declare/);
    expect(() => checkResponse("GET", contract, 204, "{}")).toThrow(/declares none/);
    const conflict = JSON.stringify({ error: { code: "conflict", message: "x" }, meta });
    expect(() => checkResponse("GET", contract, 409, conflict)).toThrow(/cannot answer/);
  });
});
