// GET /api/accounttracking/v1/rules/suggestions — scoped; accounts.read. Rules learned from a
// person's corrections: a counterpart whose transactions a person filed under one category at least
// twice, where no rule would have, with how many transactions the rule would change. Accept one by
// POST /rules with its `rule` (and fromSuggestion: true); dismiss it with POST …/suggestions/dismiss.
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { RuleSuggestionSchema } from "@/lib/openapi/schemas/rules";
import { listSuggestions } from "@/lib/rules/suggestions";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  GET: route("listRuleSuggestions", "Rules suggested from a person's corrections", {
    ...scoped("any", "accounts.read"),
    responses: { 200: z.array(RuleSuggestionSchema) },
    handler: async ({ db, scope }) => ({ data: await listSuggestions(db, scope.scopeId) }),
  }),
});
