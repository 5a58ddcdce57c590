// A person's change to one counterpart, by {counterpartId} (counterparts.write): the kernel finds it
// (404 before 403), the change is a verb of lib/counterparts (its own transaction, with its audit
// row), and the answer is the counterpart as changed. Alias, parent and entity binding are each one.
import { COUNTERPART_WRITE } from "@/lib/api/records";
import type { z } from "zod";
import { route } from "@/lib/api/route";
import type { Audited } from "@/lib/audit/audited-change";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { serializeCounterpart } from "@/lib/counterparts/find";
import { CounterpartSchema } from "@/lib/openapi/schemas/counterparts";

type BodyOf<B> = B extends z.ZodType ? z.infer<B> : undefined;
type Change<B> = (input: { counterpart: Counterpart; body: BodyOf<B> } & Audited<Counterpart>) => Promise<Counterpart>;

/** `PUT: counterpartChange("setCounterpartParent", "…", ParentBody, (c) => setParent({ ...c, child: c.counterpart, parentId: c.body.parentId }))`. */
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
    handler: ({ body: parsed, found, actor, answer }) =>
      answer(change, { counterpart: found, body: parsed, actor }, (changed) => ({
        data: serializeCounterpart(changed),
      })),
  });
}
