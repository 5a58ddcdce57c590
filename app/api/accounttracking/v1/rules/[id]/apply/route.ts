// POST /api/accounttracking/v1/rules/{id}/apply — a person with counterparts.write: applies the rule
// to the scope's stored transactions in the background (queue rule-apply) → 202 the application;
// follow it with GET /rule-applications/{id}, undo it with POST /rule-applications/{id}/undo.
import { RULE_WRITE } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { RuleApplicationSchema } from "@/lib/openapi/schemas/rules";
import { requestApply } from "@/lib/rules/apply";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("applyRule", "Apply a rule to existing transactions (in the background)", {
    ...RULE_WRITE,
    responses: { 202: RuleApplicationSchema },
    handler: ({ found: rule, actor, answer }) =>
      answer(requestApply, { rule, actor }, (data) => ({ status: 202, data })),
  }),
});
