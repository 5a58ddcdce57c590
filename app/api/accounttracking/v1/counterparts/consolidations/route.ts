// POST /api/accounttracking/v1/counterparts/consolidations — a person with counterparts.write.
// {targetId, memberIds[]} consolidates the members into the target (all in this scope, none already
// consolidated, none in a family) → 201 {id, targetId, memberIds, createdAt, undoneAt: null}.
// Undo with DELETE …/consolidations/{id}. Accepts Idempotency-Key.
import { ConsolidationSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route, scoped } from "@/lib/api/route";
import { consolidate, serializeConsolidation } from "@/lib/counterparts/consolidate";
import { ConsolidateBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  POST: route("consolidateCounterparts", "Consolidate counterparts into a target", {
    ...scoped("user", "counterparts.write"),
    body: ConsolidateBody,
    responses: { 201: ConsolidationSchema },
    handler: ({ scope, principal, body, actor, answer }) =>
      answer(consolidate, { ...body, scopeId: scope.scopeId, userId: principal.userId, actor }, (record) => ({
        status: 201,
        data: serializeConsolidation(record),
      })),
  }),
});
