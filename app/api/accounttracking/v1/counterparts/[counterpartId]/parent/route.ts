// PUT    /api/accounttracking/v1/counterparts/{counterpartId}/parent — a person with counterparts.write.
//        {parentId} makes the counterpart a child of another (a child has one parent; replaces any
//        earlier parent). A link that would close a cycle → 422; a consolidated counterpart → 409.
// DELETE /api/accounttracking/v1/counterparts/{counterpartId}/parent — unlinks it from its parent.
import { counterpartChange } from "@/lib/api/counterpart-change";
import { setParent, unlinkParent } from "@/lib/counterparts/family";
import { ParentBody } from "@/lib/counterparts/schemas";
import { methods } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  PUT: counterpartChange(
    "setCounterpartParent",
    "Make the counterpart a child of another (a cycle → 422)",
    ParentBody,
    (change) => setParent({ ...change, child: change.counterpart, parentId: change.body.parentId }),
  ),
  DELETE: counterpartChange("unlinkCounterpartParent", "Unlink the counterpart from its parent", undefined, (change) =>
    unlinkParent({ ...change, child: change.counterpart }),
  ),
});
