// GET /api/accounttracking/v1/recurring — scoped; accounts.read (App tokens too). The scope's recurring
// payments (lib/recurring), late first; filter[accountId], filter[status], filter[dismissed] (default
// false: a dismissed stream is left out), each with its latest payments. Another scope's account id
// lists nothing.
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { listStreams, serializeStreamDetail } from "@/lib/recurring/streams";
import { RecurringQuery, RecurringStreamDetailSchema } from "@/lib/recurring/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Recurring payments", {
  GET: route("listRecurringStreams", "The scope's recurring payments, late first", {
    description:
      "Streams found per account, counterpart and key (creditor id / mandate when present), with period, typical amount and spread, last and next expected date and amount, and status.",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: RecurringQuery,
    responses: { 200: z.array(RecurringStreamDetailSchema) },
    handler: async ({ db, scope, query }) => ({
      data: (await listStreams(db, scope.scopeId, query)).map(serializeStreamDetail),
    }),
  }),
});
