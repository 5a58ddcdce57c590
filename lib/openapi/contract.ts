// Checks a real response against the document: the status must be documented for the operation and
// the body must match that status's schema as the document states it (JSON Schema 2020-12, ajv), so
// the zod → JSON Schema translation is tested too. Used by testing/support/http.ts.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { declaresSuccess, errorBodySchema, fileMediaType, successBodySchema } from "@/lib/openapi/bodies";
import { toSchema } from "@/lib/openapi/json-schema";
import { operationOf, type Operation } from "@/lib/openapi/routes";

const ajv = new Ajv2020({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(op: Operation, status: number): ValidateFunction | null | undefined {
  const key = `${op.method} ${op.path} ${status}`;
  if (compiled.has(key)) return compiled.get(key);
  const success = declaresSuccess(op.contract, status);
  const schema = success ? successBodySchema(op.contract, status) : errorBodySchema(op.method, op.contract, status);
  const validate = schema ? ajv.compile(toSchema(schema, "output")) : success ? null : undefined;
  if (validate !== undefined) compiled.set(key, validate);
  return validate;
}

/** Throws when the response of `handler` breaks the documented contract; skips handlers not in the document. */
export function assertContract(handler: unknown, method: string, path: string, status: number, text: string): void {
  const op = operationOf(handler);
  if (!op || op.method !== method.toUpperCase()) return;
  const where = `${method.toUpperCase()} ${path} (${op.method} ${op.path}) answered ${status}`;
  // A non-JSON success (a CSV download) is documented as a string: any text matches.
  if (fileMediaType(op.contract, status)) return;
  const validate = validatorFor(op, status);
  if (validate === undefined)
    throw new Error(
      `OpenAPI contract: ${where}, a status the document does not list for this operation. Body: ${text.slice(0, 300)}`,
    );
  if (validate === null) {
    if (text !== "") throw new Error(`OpenAPI contract: ${where} with a body, but the document says it has none.`);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`OpenAPI contract: ${where} with a body that is not JSON: ${text.slice(0, 200)}`);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`);
    throw new Error(
      `OpenAPI contract: ${where}; the body does not match the document:\n  ${errors.join("\n  ")}\nBody: ${text.slice(0, 400)}`,
    );
  }
}
