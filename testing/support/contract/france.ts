// Validates traffic of recherche-entreprises' fake against the register's own OpenAPI 3.0 file
// (../shared/spec/company-registries/fr-recherche-entreprises/open-api.yml) with ajv's draft-07
// validator. The live API's recorded answers (the same folder's samples) depart from its definition
// in three ways; the definition is corrected for exactly these before it checks anything, so the fake
// may answer as the live API does and nothing else passes unnoticed:
//   - `null` for fields the definition types as a plain string, array or object (NULLABLE below);
//   - date-times without a UTC offset ("2025-12-05T20:01:54");
//   - `dirigeants` items are oneOf a person or a company, two schemas with no required field, so any
//     company matches both: each is told apart by its `type_dirigeant`, as the API's own values do.
// 429 (the definition's description promises it, with Retry-After) and 503 are not among the
// operation's responses: counted in `allowed`, not as violations.
import Ajv from "ajv";
import {
  addFormats,
  createOpenApiContract,
  loadSharedSpec,
  rebase,
  type OpenApiDocument,
} from "@/testing/support/contract/openapi";

type Schema = { properties?: Record<string, Schema>; [key: string]: unknown };

/** Schema name → the properties the live API sends as null although the definition says otherwise. */
const NULLABLE: Record<string, string[]> = {
  result: ["caractere_employeur", "date_fermeture"],
  siege: [
    "liste_id_bio",
    "liste_idcc",
    "liste_id_organisme_formation",
    "liste_rge",
    "liste_uai",
    "dernier_numero_voie",
  ],
  dirigeant_pp: ["nationalite"],
  dirigeant_pm: ["siren", "qualite"],
};
const NULLABLE_COMPLEMENTS = [
  "collectivite_territoriale",
  "liste_idcc",
  "liste_finess_juridique",
  "liste_id_organisme_formation",
];

function corrected(doc: OpenApiDocument): OpenApiDocument {
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const nullable = (owner: Schema, names: string[]) => {
    for (const name of names) {
      const property = owner.properties?.[name];
      if (!property) throw new Error(`The France definition has no property ${name} to correct`);
      owner.properties![name] = { anyOf: [property, { type: "null" }] };
    }
  };
  for (const [schema, names] of Object.entries(NULLABLE)) nullable(schemas[schema], names);
  nullable(schemas.result.properties!.complements, NULLABLE_COMPLEMENTS);
  for (const [schema, kind] of [
    ["dirigeant_pp", "personne physique"],
    ["dirigeant_pm", "personne morale"],
  ] as const) {
    schemas[schema].required = ["type_dirigeant"];
    schemas[schema].properties!.type_dirigeant = { type: "string", enum: [kind] };
  }
  return doc;
}

export function createFranceContract() {
  const spec = loadSharedSpec("company-registries/fr-recherche-entreprises/open-api.yml");
  const doc = corrected(rebase(spec, "fr") as OpenApiDocument);
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false }));
  ajv.addFormat("date-time", {
    validate: (s: string) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(s) && !Number.isNaN(Date.parse(s)),
  });
  return createOpenApiContract({ doc, id: "fr", ajv, undocumented: { "GET /search": [429, 503] } });
}
