// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/parent — a person with counterparts.write.
//        {parentId} makes the counterpart a child of another (a child has one parent; replaces any
//        earlier parent). A link that would close a cycle → 422; a consolidated counterpart → 409.
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/parent — unlinks it from its parent.
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { setParent, unlinkParent } from "@/lib/counterparts/family";
import { COUNTERPART_WRITE, serializeCounterpart } from "@/lib/counterparts/find";
import { ParentBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: route("setCounterpartParent", "Make the counterpart a child of another (a cycle → 422)", {
    ...COUNTERPART_WRITE,
    body: ParentBody,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, body, found: counterpart }) => ({
      data: serializeCounterpart(await setParent(db, counterpart, body.parentId)),
    }),
  }),
  DELETE: route("unlinkCounterpartParent", "Unlink the counterpart from its parent", {
    ...COUNTERPART_WRITE,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, found: counterpart }) => ({
      data: serializeCounterpart(await unlinkParent(db, counterpart)),
    }),
  }),
});
