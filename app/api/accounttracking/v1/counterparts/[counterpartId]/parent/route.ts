// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/parent — a person with counterparts.write.
//        {parentId} makes the counterpart a child of another (a child has one parent; replaces any
//        earlier parent). A link that would close a cycle → 422; a consolidated counterpart → 409.
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/parent — unlinks it from its parent.
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { setParent, unlinkParent } from "@/lib/counterparts/family";
import { findCounterpart, serializeCounterpart } from "@/lib/counterparts/find";
import { ParentBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({
    operationId: "setCounterpartParent",
    tag: "Counterparts",
    summary: "Make the counterpart a child of another (a cycle → 422)",
    auth: "user",
    scoped: true,
    capability: "counterparts.write",
    afterLookup: true,
    uuidParams: ["counterpartId"],
    body: ParentBody,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, scope, params, body, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await setParent(db, counterpart, body.parentId)) };
    },
  }),
  DELETE: route({
    operationId: "unlinkCounterpartParent",
    tag: "Counterparts",
    summary: "Unlink the counterpart from its parent",
    auth: "user",
    scoped: true,
    capability: "counterparts.write",
    afterLookup: true,
    uuidParams: ["counterpartId"],
    responses: { 200: CounterpartSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await unlinkParent(db, counterpart)) };
    },
  }),
});
