// GET   /api/accounttracking/v1/counterparts/{counterpartId} — scoped; accounts.read (App tokens too).
//       The counterpart with its consolidated members, match keys, raw bank names, totals and
//       monthly totals; filter[accountId] narrows totals and months to one account.
// PATCH /api/accounttracking/v1/counterparts/{counterpartId} — a person with counterparts.write.
//       {alias: string | null} sets or clears the alias; the raw bank name is never changed.
import { COUNTERPART_READ } from "@/lib/api/records";
import { CounterpartDetailSchema } from "@/lib/openapi/schemas/counterparts";
import { methods, route } from "@/lib/api/route";
import { counterpartDetail } from "@/lib/counterparts/detail";
import { setAlias } from "@/lib/counterparts/edit";
import { counterpartChange } from "@/lib/api/counterpart-change";

import { AccountFilterQuery, AliasBody } from "@/lib/counterparts/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Counterparts", {
  GET: route("getCounterpart", "A counterpart with its members, match keys, bank names, totals and monthly totals", {
    ...COUNTERPART_READ,
    query: AccountFilterQuery,
    responses: { 200: CounterpartDetailSchema },
    handler: async ({ db, query, found: counterpart }) => ({
      data: await counterpartDetail(db, counterpart, query["filter[accountId]"]),
    }),
  }),
  PATCH: counterpartChange("setCounterpartAlias", "Set or clear (null) the alias", AliasBody, (change) =>
    setAlias({ ...change, alias: change.body.alias }),
  ),
});
