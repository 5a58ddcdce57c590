// GET /api/accounttracking/v1/rule-applications/{id} — scoped; accounts.read. An application of a rule
// to existing transactions: its state and progress (processed of total, changed).
import { RULE_APPLICATION_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { RuleApplicationSchema } from "@/lib/openapi/schemas/rules";
import { serializeApplication } from "@/lib/rules/apply";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  GET: route("getRuleApplication", "A rule's application to existing transactions, with its progress", {
    ...RULE_APPLICATION_READ,
    responses: { 200: RuleApplicationSchema },
    handler: ({ found }) => Promise.resolve({ data: serializeApplication(found) }),
  }),
});
