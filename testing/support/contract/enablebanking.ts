// Validates traffic against the shared Enable Banking OpenAPI file (../shared/spec/enable-banking/…)
// with ajv (JSON Schema 2020-12, as OpenAPI 3.1 is): every request our client sends (path, query,
// PSU headers, body) and every response the fake sends (a documented status, a body of its schema).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020 from "ajv/dist/2020";
import { parse } from "yaml";
import {
  addFormats,
  createOpenApiContract,
  rebase,
  type ContractStats,
  type OpenApiDocument,
} from "@/testing/support/contract/openapi";

export type { ContractStats };

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const EB_SPEC_PATH =
  process.env.ENABLE_BANKING_SPEC ??
  path.resolve(PROJECT_ROOT, "../shared/spec/enable-banking/enable-banking-api-openapi.yml");

export function createContract() {
  if (!existsSync(EB_SPEC_PATH))
    throw new Error(
      `The Enable Banking specification is missing at ${EB_SPEC_PATH} (expected ../shared/spec beside the repository)`,
    );
  const doc = rebase(parse(readFileSync(EB_SPEC_PATH, "utf8")), "eb") as OpenApiDocument;
  const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
  return createOpenApiContract({ doc, id: "eb", ajv, checkedHeader: (h) => h.startsWith("psu-") });
}
