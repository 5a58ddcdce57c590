// POST /api/accounttracking/v1/rules/reorder — a person with counterparts.write: {ids} names every
// rule of the scope once, in the new order → 200 the rules in that order.
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { RuleSchema } from "@/lib/openapi/schemas/rules";
import { reorderRules } from "@/lib/rules/rules";
import { ReorderBody } from "@/lib/rules/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Rules", {
  POST: route("reorderRules", "Put the scope's rules in a new order", {
    ...scoped("user", "counterparts.write"),
    body: ReorderBody,
    responses: { 200: z.array(RuleSchema) },
    handler: ({ scope, body, actor, answer }) =>
      answer(reorderRules, { scopeId: scope.scopeId, ids: body.ids, actor }, (data) => ({ data })),
  }),
});
