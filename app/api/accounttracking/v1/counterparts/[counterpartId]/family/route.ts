// GET /api/accounttracking/v1/counterparts/{counterpartId}/family — scoped; accounts.read (App tokens too).
// The counterpart's whole family as a tree from its top ancestor: every node with its own totals and
// `rolledUp` (itself plus all descendants). filter[accountId] narrows the totals to one account.
import { COUNTERPART_READ } from "@/lib/api/records";
import { FamilyNodeSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { familyTree } from "@/lib/counterparts/family";

import { AccountFilterQuery } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("getCounterpartFamily", "The counterpart's family tree with own and rolled-up totals", {
    ...COUNTERPART_READ,
    query: AccountFilterQuery,
    responses: { 200: FamilyNodeSchema },
    handler: async ({ db, query, found: counterpart }) => ({
      data: await familyTree(db, counterpart, query["filter[accountId]"]),
    }),
  }),
});
