// The fields a person edited on a transaction (transactions.person_fields): once a person's verb has
// set one, no rule, counterpart default or sync writes it again (issue 36: a person's edit always
// wins). Every person's verb that edits a row adds its field here, in the same UPDATE.
export const PERSON_FIELDS = ["category", "tags", "note", "transfer", "counterpart"] as const;

export type PersonField = (typeof PERSON_FIELDS)[number];

/**
 * The SET clause that adds `fields` to the row's person_fields (each once, in the order first
 * edited). Our own constants only, never a caller's value, so it can be joined into the statement.
 */
export function addPersonFields(...fields: PersonField[]): string {
  const list = fields.map((f) => `'${f}'`).join(", ");
  return `person_fields = coalesce(person_fields, '{}') || array(
    SELECT f FROM unnest(ARRAY[${list}]::text[]) f WHERE f <> ALL (coalesce(person_fields, '{}')))`;
}
