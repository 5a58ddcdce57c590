// Response shape of the audit trail (GET /api/audit/v1/events).
import { z } from "zod";
import { AUDIT_ACTIONS, AUDIT_ACTOR_KINDS, AUDIT_RECORD_TYPES } from "@/lib/audit/actions";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";

const fields = z
  .record(z.string(), z.unknown())
  .nullable()
  .describe("Only the fields that changed; null for a creation (before) or a deletion (after). Never secrets.");

export const AuditEventSchema = z.object({
  id: uuid,
  occurredAt: isoDateTime,
  summary: z
    .string()
    .describe(
      "The event as a sentence with the names a person knows (accounts, counterparts, people, keys), read when the page is served; for people, not for parsing",
    ),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    userId: uuid.nullable().describe("The person; null for App tokens and the system"),
    tokenId: uuid.nullable().describe("The token used; null for a browser session and the system"),
    name: z.string().nullable().describe("The person's name, else the token's name"),
    email: z.string().nullable(),
  }),
  record: z.object({ type: z.enum(AUDIT_RECORD_TYPES), id: z.string() }),
  before: fields,
  after: fields,
  requestId: z.string().nullable().describe("The request that made the change (X-Request-Id)"),
});
