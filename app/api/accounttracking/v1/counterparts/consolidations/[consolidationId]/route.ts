// GET    /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — scoped; accounts.read.
// DELETE /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — a person with
//        counterparts.write: undoes the consolidation (every member is its own counterpart again,
//        with its own keys and names); already undone → 409.
import { ConsolidationSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { applyUndo, findConsolidation, serializeConsolidation } from "@/lib/counterparts/consolidate";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "getConsolidation",
    tag: "Counterparts",
    summary: "Get a consolidation",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    afterLookup: true,
    uuidParams: ["consolidationId"],
    responses: { 200: ConsolidationSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const record = await findConsolidation(db, scope.scopeId, params.consolidationId);
      authorize("accounts.read");
      return { data: serializeConsolidation(record) };
    },
  }),
  DELETE: route({
    operationId: "undoConsolidation",
    tag: "Counterparts",
    summary: "Undo a consolidation (already undone → 409)",
    auth: "user",
    scoped: true,
    capability: "counterparts.write",
    afterLookup: true,
    uuidParams: ["consolidationId"],
    responses: { 200: ConsolidationSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const record = await findConsolidation(db, scope.scopeId, params.consolidationId);
      authorize("counterparts.write");
      return { data: serializeConsolidation(await applyUndo(db, record)) };
    },
  }),
});
