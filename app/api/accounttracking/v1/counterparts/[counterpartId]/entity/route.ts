// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/entity — a person with counterparts.write.
//        {entityType, entityId} binds the counterpart to an entity; entityType "client" must name a
//        client of /api/clients/v1 in the same scope (422 otherwise).
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/entity — unbinds.
import { bindEntity, unbindEntity } from "@/lib/counterparts/edit";
import { counterpartChange } from "@/lib/api/counterpart-change";
import { EntityBody } from "@/lib/counterparts/schemas";
import { methods } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: counterpartChange(
    "bindCounterpartEntity",
    "Bind the counterpart to an entity (e.g. a client)",
    EntityBody,
    (change) => bindEntity({ ...change, entity: change.body }),
  ),
  DELETE: counterpartChange(
    "unbindCounterpartEntity",
    "Unbind the counterpart from its entity",
    undefined,
    unbindEntity,
  ),
});
