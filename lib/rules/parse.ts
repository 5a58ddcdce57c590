// A stored rule read back through its schemas: what was valid when written may not be now (a
// schema that grew stricter, a row written by hand), and such a rule must not stop a sync.
import { z } from "zod";
import { Actions, Conditions, type Condition } from "@/lib/rules/schemas";

export type ParsedRule = {
  id: string;
  name: string;
  conditions: Condition[];
  actions: z.output<typeof Actions>;
};

export type StoredRule = { id: string; name: string; conditions: unknown; actions: unknown };

/** The rule, or why it cannot run (for the person: which part is wrong). */
export function parseRule(row: StoredRule): { ok: true; rule: ParsedRule } | { ok: false; reason: string } {
  const conditions = Conditions.safeParse(row.conditions);
  const actions = Actions.safeParse(row.actions);
  if (conditions.success && actions.success)
    return { ok: true, rule: { id: row.id, name: row.name, conditions: conditions.data, actions: actions.data } };
  const issue = (conditions.error ?? actions.error)?.issues[0];
  const where = conditions.success ? "actions" : "conditions";
  return { ok: false, reason: `${where}: ${issue?.message ?? "not valid"}` };
}
