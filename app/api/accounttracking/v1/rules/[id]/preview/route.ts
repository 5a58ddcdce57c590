// POST /api/accounttracking/v1/rules/{id}/preview — scoped; accounts.read. How many of the scope's
// stored transactions applying the rule now would change; with {conditions, actions}, for the form's
// draft of it before it is saved. Nothing is written.
import { RULE_READ } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { RulePreviewSchema } from "@/lib/openapi/schemas/rules";
import { previewRule } from "@/lib/rules/apply";
import { PreviewBody } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("previewRule", "Count the transactions applying a rule would change", {
    ...RULE_READ,
    body: PreviewBody,
    responses: { 200: RulePreviewSchema },
    handler: async ({ db, found, body }) => ({ data: await previewRule(db, found, body) }),
  }),
});
