// Checks a real response against the document: the status must be documented for the operation and
// the body must match that status's schema (JSON Schema 2020-12, ajv). Used by lib/testing/http.ts.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import { errorBodySchema, successBodySchema } from "@/lib/openapi/document";
import { toSchema } from "@/lib/openapi/json-schema";
import { operationOf } from "@/lib/openapi/operations";
import type { Operation } from "@/lib/openapi/types";

const ajv = new Ajv2020({ allErrors: true, strict: false });
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(op: Operation, status: number): ValidateFunction | null | undefined {
  const key = `${op.method} ${op.path} ${status}`;
  if (compiled.has(key)) return compiled.get(key);
  let validate: ValidateFunction | null | undefined;
  if (status in op.success) {
    const schema = successBodySchema(op, status);
    validate = schema ? ajv.compile(toSchema(schema, "output")) : null;
  } else {
    const schema = errorBodySchema(op, status);
    validate = schema ? ajv.compile(toSchema(schema, "output")) : undefined;
  }
  if (validate !== undefined) compiled.set(key, validate);
  return validate;
}

/** Throws when the response of `handler` breaks the documented contract; skips handlers not in the registry. */
export function assertContract(handler: unknown, method: string, path: string, status: number, text: string): void {
  const op = operationOf(handler);
  if (!op || op.method !== method.toLowerCase()) return;
  const where = `${method.toUpperCase()} ${path} (${op.method.toUpperCase()} ${op.path}) answered ${status}`;
  const validate = validatorFor(op, status);
  if (validate === undefined)
    throw new Error(
      `OpenAPI contract: ${where}, a status the document does not list for this operation. Body: ${text.slice(0, 300)}`,
    );
  if (validate === null) {
    if (text !== "") throw new Error(`OpenAPI contract: ${where} with a body, but the document says it has none.`);
    return;
  }
  // A non-JSON success (a CSV download) is documented as a string: any text matches.
  if (op.mediaType && status in op.success) return;
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
