// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/entity — a person with counterparts.write.
//        {entityType, entityId} binds the counterpart to an entity; entityType "client" must name a
//        client of /api/clients/v1 in the same scope (422 otherwise).
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/entity — unbinds.
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { bindEntity, unbindEntity } from "@/lib/counterparts/edit";
import { COUNTERPART_WRITE, serializeCounterpart } from "@/lib/counterparts/find";
import { EntityBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: route("bindCounterpartEntity", "Bind the counterpart to an entity (e.g. a client)", {
    ...COUNTERPART_WRITE,
    body: EntityBody,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, body, found: counterpart }) => ({
      data: serializeCounterpart(await bindEntity(db, counterpart, body)),
    }),
  }),
  DELETE: route("unbindCounterpartEntity", "Unbind the counterpart from its entity", {
    ...COUNTERPART_WRITE,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, found: counterpart }) => ({
      data: serializeCounterpart(await unbindEntity(db, counterpart)),
    }),
  }),
});
