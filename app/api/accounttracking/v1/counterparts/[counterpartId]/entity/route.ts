// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/entity — a person with counterparts.write.
//        {entityType, entityId} binds the counterpart to an entity; entityType "client" must name a
//        client of /api/clients/v1 in the same scope (422 otherwise).
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/entity — unbinds.
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { bindEntity, unbindEntity } from "@/lib/counterparts/edit";
import { findCounterpart, serializeCounterpart } from "@/lib/counterparts/find";
import { EntityBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({
    operationId: "bindCounterpartEntity",
    tag: "Counterparts",
    summary: "Bind the counterpart to an entity (e.g. a client)",
    auth: "user",
    scoped: true,
    capability: "counterparts.write",
    afterLookup: true,
    uuidParams: ["counterpartId"],
    body: EntityBody,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, scope, params, body, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await bindEntity(db, counterpart, body)) };
    },
  }),
  DELETE: route({
    operationId: "unbindCounterpartEntity",
    tag: "Counterparts",
    summary: "Unbind the counterpart from its entity",
    auth: "user",
    scoped: true,
    capability: "counterparts.write",
    afterLookup: true,
    uuidParams: ["counterpartId"],
    responses: { 200: CounterpartSchema },
    handler: async ({ db, scope, params, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await unbindEntity(db, counterpart)) };
    },
  }),
});
