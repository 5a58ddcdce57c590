// GET /api/accounttracking/v1/counterparts/{counterpartId}/company-candidates — scoped; lookup.run
//     (members, admins and member App tokens: it consults the registers, as a lookup does).
//     "Who is this?": the registry companies named like the counterpart (its display name) in the
//     country of its IBAN; `name` and `country` override both. Every register that can search by
//     name, in the order of the organisation-wide default profile, and what each answered.
import { COUNTERPART_LOOKUP } from "@/lib/api/records";
import { methods, route } from "@/lib/api/route";
import { companyCandidates } from "@/lib/counterparts/company";
import { CompanyCandidatesQuery } from "@/lib/counterparts/schemas";
import { CompanyCandidatesSchema } from "@/lib/openapi/schemas/counterparts";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("listCounterpartCompanyCandidates", "Registry companies this counterpart may be", {
    ...COUNTERPART_LOOKUP,
    query: CompanyCandidatesQuery,
    responses: { 200: CompanyCandidatesSchema },
    handler: async ({ db, query, found: counterpart }) => ({
      data: await companyCandidates(db, counterpart, query),
    }),
  }),
});
