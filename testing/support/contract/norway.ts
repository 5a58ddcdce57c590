// Validates traffic of Brønnøysund's fake against Brreg's published definitions (../shared/spec/
// company-registries/no-brreg) with ajv's draft-07 validator: Enhetsregisteret's OpenAPI 3.0
// (enhetsregisteret.yml) and Regnskapsregisteret's (regnskapsregister.yaml). Where they fall short of
// the live registers, as their SOURCE.md records, they are completed before they check anything:
//   - `GET /enheter` declares its 200 as a string: bound to the HAL list of `Enhet` the register sends;
//   - the roles (`/enheter/{organisasjonsnummer}/roller`) postdate the 2020 definition: an operation
//     added with the shape of the recorded roles (sample-roller-923609016.json), ROLES below;
//   - the accounts' 200 is declared `type: object`, answered as a list: bound to `Regnskap[]`.
// Regnskapsregisteret documents only 200 and 500: its 404 (no accounts), 429 and 503 are counted in
// `allowed`. Enhetsregisteret's `default` response covers its other statuses.
import Ajv from "ajv";
import {
  addFormats,
  createOpenApiContract,
  loadSharedSpec,
  rebase,
  type ContractStats,
  type OpenApiDocument,
} from "@/testing/support/contract/openapi";

const code = {
  type: "object",
  required: ["kode", "beskrivelse"],
  properties: { kode: { type: "string" }, beskrivelse: { type: "string" }, _links: { type: "object" } },
};

/** The roles' shape, as the recorded answer has it: a person or a unit in each role. */
const ROLES = {
  type: "object",
  required: ["rollegrupper"],
  properties: {
    _links: { type: "object" },
    rollegrupper: {
      type: "array",
      items: {
        type: "object",
        required: ["type", "sistEndret", "roller"],
        properties: {
          type: code,
          sistEndret: { type: "string", format: "date" },
          roller: {
            type: "array",
            items: {
              type: "object",
              required: ["type", "avregistrert", "rekkefolge"],
              oneOf: [{ required: ["person"] }, { required: ["enhet"] }],
              properties: {
                type: code,
                person: {
                  type: "object",
                  required: ["fodselsdato", "navn", "erDoed"],
                  properties: {
                    fodselsdato: { type: "string", format: "date" },
                    navn: {
                      type: "object",
                      required: ["fornavn", "etternavn"],
                      properties: {
                        fornavn: { type: "string" },
                        mellomnavn: { type: "string" },
                        etternavn: { type: "string" },
                      },
                    },
                    erDoed: { type: "boolean" },
                  },
                },
                enhet: {
                  type: "object",
                  required: ["organisasjonsnummer", "navn", "erSlettet"],
                  properties: {
                    organisasjonsnummer: { type: "string", pattern: "^\\d{9}$" },
                    organisasjonsform: code,
                    navn: { type: "array", items: { type: "string" } },
                    erSlettet: { type: "boolean" },
                  },
                },
                valgtAv: code,
                avregistrert: { type: "boolean" },
                fratraadt: { type: "boolean" },
                rekkefolge: { type: "integer" },
              },
            },
          },
        },
      },
    },
  },
};

const UNIT_LIST = {
  type: "object",
  required: ["_links", "page"],
  properties: {
    _embedded: {
      type: "object",
      required: ["enheter"],
      properties: { enheter: { type: "array", items: { $ref: "#/components/schemas/Enhet" } } },
    },
    _links: { type: "object" },
    page: {
      type: "object",
      required: ["size", "totalElements", "totalPages", "number"],
      properties: Object.fromEntries(
        ["size", "totalElements", "totalPages", "number"].map((k) => [k, { type: "integer", minimum: 0 }]),
      ),
    },
  },
};

type Doc = { paths: Record<string, Record<string, unknown> & { get?: { responses: Record<string, unknown> } }> };
const jsonContent = (schema: unknown) => ({ content: { "application/json": { schema } } });

const load = (file: string) => loadSharedSpec(`company-registries/no-brreg/${file}`) as Doc;

function contract(doc: Doc, id: string, undocumented?: Record<string, number[]>) {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  return createOpenApiContract({ doc: rebase(doc, id) as OpenApiDocument, id, ajv, undocumented });
}

export function createNorwayContracts() {
  const units = load("enhetsregisteret.yml");
  units.paths["/enheter"].get!.responses["200"] = jsonContent(UNIT_LIST);
  units.paths["/enheter/{organisasjonsnummer}/roller"] = {
    parameters: units.paths["/enheter/{organisasjonsnummer}"].parameters,
    get: { responses: { "200": jsonContent(ROLES), "404": {}, default: {} } },
  };
  const accounts = load("regnskapsregister.yaml");
  const list = accounts.paths["/regnskapsregisteret/regnskap/{orgNummer}"];
  list.get!.responses["200"] = jsonContent({ type: "array", items: { $ref: "#/components/schemas/Regnskap" } });
  const checks = {
    units: contract(units, "no-units"),
    accounts: contract(accounts, "no-accounts", {
      "GET /regnskapsregisteret/regnskap/{orgNummer}": [404, 429, 503],
    }),
  };
  return {
    ...checks,
    /** Both registers' counts together. */
    stats: (): ContractStats => ({
      requests: checks.units.stats.requests + checks.accounts.stats.requests,
      responses: checks.units.stats.responses + checks.accounts.stats.responses,
      violations: [...checks.units.stats.violations, ...checks.accounts.stats.violations],
    }),
  };
}
