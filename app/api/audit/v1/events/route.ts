// GET /api/audit/v1/events — scoped; audit.read (the scope's admins; members, viewers and App tokens,
// whose role is never admin, get 403; another scope's X-Scope gets 404). The scope's audit trail,
// newest first, keyset-paginated: every change a person or a key made, with who, when, the record,
// and before → after (changed fields only, no secrets). Filters: filter[action], filter[actor] (a
// person's or a token's id), filter[recordId].
import { AuditEventSchema } from "@/lib/openapi/schemas/audit";
import { page, pageAnswer } from "@/lib/api/responses";
import { methods, route, scoped } from "@/lib/api/route";
import { listAuditEvents } from "@/lib/audit/list";
import { ListAuditEventsQuery } from "@/lib/audit/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Audit", {
  GET: route("listAuditEvents", "List the scope's audit events, newest first", {
    description:
      "Each change a person or a key made in this scope, written in the same transaction as the change. `before`/`after` hold only the fields that changed; secrets never appear and IBANs are redacted.",
    ...scoped("any", "audit.read"),
    query: ListAuditEventsQuery,
    responses: { 200: page(AuditEventSchema) },
    handler: async ({ db, scope, query }) => pageAnswer(await listAuditEvents(db, scope.scopeId, query)),
  }),
});
