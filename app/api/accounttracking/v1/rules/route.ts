// GET  /api/accounttracking/v1/rules — scoped; accounts.read. The scope's rules on import, in order.
// POST /api/accounttracking/v1/rules — a person with counterparts.write: a rule (conditions, all of
//      which must hold, and actions) at `position` or last → 201. Ids of another scope → 422.
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { RuleSchema } from "@/lib/openapi/schemas/rules";
import { createRule, listRules } from "@/lib/rules/rules";
import { RuleBody } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  GET: route("listRules", "List the scope's rules, in the order they run", {
    ...scoped("any", "accounts.read"),
    responses: { 200: z.array(RuleSchema) },
    handler: async ({ db, scope }) => ({ data: await listRules(db, scope.scopeId) }),
  }),
  POST: route("createRule", "Create a rule", {
    ...scoped("user", "counterparts.write"),
    body: RuleBody,
    responses: { 201: RuleSchema },
    handler: ({ scope, body, actor, answer }) => {
      const { fromSuggestion, ...draft } = body;
      const input = { scopeId: scope.scopeId, draft, origin: fromSuggestion ? "suggestion" : "person", actor } as const;
      return answer(createRule, input, (rule) => ({ status: 201, data: rule }));
    },
  }),
});
