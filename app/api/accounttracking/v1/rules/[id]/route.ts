// GET    /api/accounttracking/v1/rules/{id} — scoped; accounts.read.
// PATCH  /api/accounttracking/v1/rules/{id} — a person with counterparts.write: name, enabled,
//        conditions, actions (an edit clears a failure the sync recorded).
// DELETE /api/accounttracking/v1/rules/{id} — the rule goes; what it did stays (and stays undoable).
import { NO_BODY } from "@/lib/api/responses";
import { RULE_READ, RULE_WRITE } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { RuleSchema } from "@/lib/openapi/schemas/rules";
import { deleteRule, serializeRule, updateRule } from "@/lib/rules/rules";
import { RulePatch } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  GET: route("getRule", "A rule", {
    ...RULE_READ,
    responses: { 200: RuleSchema },
    handler: ({ found }) => Promise.resolve({ data: serializeRule(found) }),
  }),
  PATCH: route("updateRule", "Change a rule, or turn it off and on", {
    ...RULE_WRITE,
    body: RulePatch,
    responses: { 200: RuleSchema },
    handler: ({ found: rule, body: change, actor, answer }) =>
      answer(updateRule, { rule, change, actor }, (data) => ({ data })),
  }),
  DELETE: route("deleteRule", "Delete a rule", {
    ...RULE_WRITE,
    responses: { 204: NO_BODY },
    handler: ({ found: rule, actor, answer }) => answer(deleteRule, { rule, actor }, () => ({ status: 204 })),
  }),
});
