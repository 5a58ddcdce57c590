// GET    /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — scoped; accounts.read.
// DELETE /api/accounttracking/v1/counterparts/consolidations/{consolidationId} — a person with
//        counterparts.write: undoes the consolidation (every member is its own counterpart again,
//        with its own keys and names); already undone → 409.
import { consolidationRoute } from "@/lib/api/records";
import { ConsolidationSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { serializeConsolidation, undoConsolidation } from "@/lib/counterparts/consolidate";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("getConsolidation", "Get a consolidation", {
    ...consolidationRoute("any", "accounts.read"),
    responses: { 200: ConsolidationSchema },
    handler: ({ found: record }) => Promise.resolve({ data: serializeConsolidation(record) }),
  }),
  DELETE: route("undoConsolidation", "Undo a consolidation (already undone → 409)", {
    ...consolidationRoute("user", "counterparts.write"),
    responses: { 200: ConsolidationSchema },
    handler: ({ found: consolidation, actor, answer }) =>
      answer(undoConsolidation, { consolidation, actor }, (record) => ({ data: serializeConsolidation(record) })),
  }),
});
