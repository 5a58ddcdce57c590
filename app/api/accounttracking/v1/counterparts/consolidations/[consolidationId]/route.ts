// GET    /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — scoped; accounts.read.
// DELETE /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — a person with
//        counterparts.write: undoes the consolidation (every member is its own counterpart again,
//        with its own keys and names); already undone → 409.
import { methods, route } from "@/lib/api/route";
import { applyUndo, findConsolidation, serializeConsolidation } from "@/lib/counterparts/consolidate";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    uuidParams: ["consolidationId"],
    handler: async ({ db, scope, params, authorize }) => {
      const record = await findConsolidation(db, scope.scopeId, params.consolidationId);
      authorize("accounts.read");
      return { data: serializeConsolidation(record) };
    },
  }),
  DELETE: route({
    auth: "user",
    scoped: true,
    uuidParams: ["consolidationId"],
    handler: async ({ db, scope, params, authorize }) => {
      const record = await findConsolidation(db, scope.scopeId, params.consolidationId);
      authorize("counterparts.write");
      return { data: serializeConsolidation(await applyUndo(db, record)) };
    },
  }),
});
