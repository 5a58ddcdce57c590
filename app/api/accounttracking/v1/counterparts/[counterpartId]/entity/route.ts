// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/entity — a person with counterparts.write.
//        {entityType, entityId} binds the counterpart to an entity; entityType "client" must name a
//        client of /api/clients/v1 in the same scope (422 otherwise).
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/entity — unbinds.
import { methods, route } from "@/lib/api/route";
import { bindEntity, unbindEntity } from "@/lib/counterparts/edit";
import { findCounterpart, serializeCounterpart } from "@/lib/counterparts/find";
import { EntityBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  PUT: route({
    auth: "user",
    scoped: true,
    uuidParams: ["counterpartId"],
    body: EntityBody,
    handler: async ({ db, scope, params, body, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await bindEntity(db, counterpart, body)) };
    },
  }),
  DELETE: route({
    auth: "user",
    scoped: true,
    uuidParams: ["counterpartId"],
    handler: async ({ db, scope, params, authorize }) => {
      const counterpart = await findCounterpart(db, scope.scopeId, params.counterpartId);
      authorize("counterparts.write");
      return { data: serializeCounterpart(await unbindEntity(db, counterpart)) };
    },
  }),
});
