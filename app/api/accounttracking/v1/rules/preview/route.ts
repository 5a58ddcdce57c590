// POST /api/accounttracking/v1/rules/preview — scoped; accounts.read. How many of the scope's stored
// transactions a rule not saved yet ({conditions, actions}) would change, made last in the order: the
// rules page's live count while a rule is written. Nothing is written.
import { methods, route, scoped } from "@/lib/api/route";
import { RulePreviewSchema } from "@/lib/openapi/schemas/rules";
import { previewDraft } from "@/lib/rules/apply";
import { DraftPreviewBody } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("previewRuleDraft", "Count the transactions a rule not saved yet would change", {
    ...scoped("any", "accounts.read"),
    body: DraftPreviewBody,
    responses: { 200: RulePreviewSchema },
    handler: async ({ db, scope, body }) => ({ data: await previewDraft(db, scope.scopeId, body) }),
  }),
});
