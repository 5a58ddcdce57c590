// A person's change to one counterpart, by {counterpartId} (counterparts.write): the kernel finds it
// (404 before 403), the change runs in the request's transaction (with its audit row), and the answer
// is the counterpart as changed. Alias, parent and entity binding are each such a change.
import { COUNTERPART_WRITE } from "@/lib/api/records";
import type { z } from "zod";
import { route } from "@/lib/api/route";
import { auditActor, type AuditActor } from "@/lib/audit/actor";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { serializeCounterpart } from "@/lib/counterparts/find";
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";

type BodyOf<B> = B extends z.ZodType ? z.infer<B> : undefined;
type Change<B> = (db: Tx, counterpart: Counterpart, body: BodyOf<B>, actor: AuditActor) => Promise<Counterpart>;

/** `PUT: counterpartChange("setCounterpartParent", "…", ParentBody, (db, c, body, actor) => setParent(db, c, body.parentId, actor))`. */
export function counterpartChange<B extends z.ZodType | undefined>(
  operationId: string,
  summary: string,
  body: B,
  change: Change<B>,
) {
  return route(operationId, summary, {
    ...COUNTERPART_WRITE,
    body,
    responses: { 200: CounterpartSchema },
    handler: async ({ db, body: parsed, found, principal, requestId }) => ({
      data: serializeCounterpart(await change(db, found, parsed, auditActor(principal, requestId))),
    }),
  });
}
