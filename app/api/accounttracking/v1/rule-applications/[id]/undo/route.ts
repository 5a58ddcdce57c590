// POST /api/accounttracking/v1/rule-applications/{id}/undo — a person with counterparts.write: every
// transaction the application changed gets its values back, in one step (a field a person edited
// since keeps the person's). Still running or already undone → 409.
import { RULE_APPLICATION_WRITE } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { RuleApplicationSchema } from "@/lib/openapi/schemas/rules";
import { undoApplication } from "@/lib/rules/apply";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("undoRuleApplication", "Undo a rule's application (one step; already undone → 409)", {
    ...RULE_APPLICATION_WRITE,
    responses: { 200: RuleApplicationSchema },
    handler: ({ found: application, actor, answer }) =>
      answer(undoApplication, { application, actor }, (data) => ({ data })),
  }),
});
