// Validates traffic against the shared GoCardless Bank Account Data file (../shared/spec/
// gocardless-bad/swagger.json: OpenAPI 3.0.3 despite its name) with ajv's draft-07 validator, which
// reads OpenAPI 3.0's `nullable`. Its two DELETE operations document no success status at all;
// their 200 is counted apart (`allowed`), not as a violation and not silently.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { addFormats, createOpenApiContract, rebase, type OpenApiDocument } from "@/testing/support/contract/openapi";

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const GC_SPEC_PATH =
  process.env.GOCARDLESS_SPEC ?? path.resolve(PROJECT_ROOT, "../shared/spec/gocardless-bad/swagger.json");

export const UNDOCUMENTED_SUCCESS = {
  "DELETE /api/v2/requisitions/{id}/": [200],
  "DELETE /api/v2/agreements/enduser/{id}/": [200],
};

export function createGoCardlessContract() {
  if (!existsSync(GC_SPEC_PATH))
    throw new Error(`The GoCardless specification is missing at ${GC_SPEC_PATH} (expected ../shared/spec)`);
  const doc = rebase(JSON.parse(readFileSync(GC_SPEC_PATH, "utf8")), "gc") as OpenApiDocument;
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  return createOpenApiContract({ doc, id: "gc", ajv, undocumented: UNDOCUMENTED_SUCCESS });
}
