"use client";
// The scope's audit trail through the typed client: its types, query keys and the paged hook.
import type { z } from "zod";
import type { AuditAction } from "@/lib/audit/actions";
import type { ApiClient } from "@/lib/client/api-client";
import { domainHooks } from "@/lib/client/domain-hooks";
import { scopeKey } from "@/lib/client/query-keys";
import type { AuditEventSchema } from "@/lib/openapi/schemas/audit";

export type AuditEvent = z.output<typeof AuditEventSchema>;

const PER_PAGE = 50;

function auditApi(client: ApiClient) {
  return {
    listEvents: (input: { action: AuditAction | null; cursor: string | null }) =>
      client.scoped.page<AuditEvent>("/api/audit/v1/events", {
        perPage: PER_PAGE,
        cursor: input.cursor,
        "filter[action]": input.action,
      }),
  };
}

const auditKeys = {
  all: (scopeId: string | null) => scopeKey(scopeId, "audit"),
  list: (scopeId: string | null, action: AuditAction | null) => [...auditKeys.all(scopeId), "list", action] as const,
};

const audit = domainHooks(auditApi);

/** The trail, newest first: one action, or all (null). */
export const useAuditEvents = (action: AuditAction | null) =>
  audit.usePages({
    key: (scopeId) => auditKeys.list(scopeId, action),
    fetchPage: (api, cursor) => api.listEvents({ action, cursor }),
    keepPrevious: true,
  });
