// Request schema of GET /api/audit/v1/events: a page, and the filters every list of ours spells
// `filter[<field>]`. No server imports: the browser's client takes its types from here.
import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/audit/actions";
import { pageQuery } from "@/lib/pagination";

export const ListAuditEventsQuery = pageQuery.extend({
  "filter[action]": z
    .enum(AUDIT_ACTIONS, { message: "filter[action] must be one of the documented actions (e.g. consent.revoked)" })
    .optional(),
  "filter[actor]": z
    .uuid({ message: "filter[actor] must be a person's id or a token's id (UUID)" })
    .optional()
    .describe("A person's user id (their changes through any session or token) or a token's id"),
  "filter[recordId]": z
    .string()
    .trim()
    .min(1, "filter[recordId] must not be empty")
    .max(200, "filter[recordId] must be at most 200 characters")
    .optional()
    .describe("The id of the changed record (a consent, counterpart, consolidation, member's user id, …)"),
});

export type AuditEventsFilter = z.output<typeof ListAuditEventsQuery>;
