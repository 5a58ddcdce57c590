// GET   /api/accounttracking/v1/recurring/{streamId} — scoped; accounts.read (App tokens too). One
//       stream with its latest payments.
// PATCH /api/accounttracking/v1/recurring/{streamId} — a person with counterparts.write.
//       {name?: string | null, confirmed?: boolean, dismissed?: boolean}: each an audited action
//       (recurring.renamed, .confirmed, .dismissed / .restored). Detection never undoes them.
import { recordRoute } from "@/lib/api/load";
import { methods, route } from "@/lib/api/route";
import { editStream, findStream, serializeStreamDetail } from "@/lib/recurring/streams";
import { RecurringPatchBody, RecurringStreamDetailSchema } from "@/lib/recurring/schemas";

const streamRoute = recordRoute("streamId", findStream);

export const { GET, POST, PUT, PATCH, DELETE } = methods("Recurring payments", {
  GET: route("getRecurringStream", "A recurring payment with its latest payments", {
    ...streamRoute("any", "accounts.read"),
    responses: { 200: RecurringStreamDetailSchema },
    handler: ({ found }) => Promise.resolve({ data: serializeStreamDetail(found) }),
  }),
  PATCH: route("updateRecurringStream", "Name, confirm, dismiss or restore a recurring payment", {
    ...streamRoute("user", "counterparts.write"),
    body: RecurringPatchBody,
    responses: { 200: RecurringStreamDetailSchema },
    handler: ({ body, found, actor, answer }) =>
      answer(editStream, { stream: found, body, actor }, (changed) => ({ data: serializeStreamDetail(changed) })),
  }),
});
