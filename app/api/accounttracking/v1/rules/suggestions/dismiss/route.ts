// POST /api/accounttracking/v1/rules/suggestions/dismiss — a person with counterparts.write:
// {counterpartId, categoryId} is not suggested again → 204 (again: 204). Ids of another scope → 422.
import { NO_BODY } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { dismissSuggestion } from "@/lib/rules/suggestions";
import { DismissBody } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("dismissRuleSuggestion", "Dismiss a suggested rule", {
    ...scoped("user", "counterparts.write"),
    body: DismissBody,
    responses: { 204: NO_BODY },
    handler: async ({ db, scope, principal, body }) => {
      await dismissSuggestion(db, scope.scopeId, principal.userId, body);
      return { status: 204 };
    },
  }),
});
