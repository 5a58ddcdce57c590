// Response shapes of the change feed (GET …/transactions/changes): the same Transaction the lists
// answer, sorted into added, modified and removed.
import { z } from "zod";
import { TransactionSchema } from "@/lib/openapi/schemas/accounttracking";
import { isoDateTime, uuid } from "@/lib/openapi/schemas/common";

export const RemovedTransactionSchema = z.object({
  id: uuid,
  accountId: uuid,
  removedAt: isoDateTime.describe(
    "When it was removed here (the bank no longer listed it, or it merged into a re-issued entry)",
  ),
});

export const ChangesSchema = z.object({
  added: z
    .array(TransactionSchema)
    .describe("New since the cursor (all current transactions when there was no cursor), in the order they changed"),
  modified: z
    .array(TransactionSchema)
    .describe(
      "Changed since the cursor, at their current state: pending → booked, a re-issued bank id, corrected fields, a person's counterpart binding or transfer mark, or listed again after a removal",
    ),
  removed: z.array(RemovedTransactionSchema).describe("No longer there: delete them on your side"),
});

export const ChangesMetaSchema = z.object({
  nextCursor: z
    .string()
    .describe("Send it back as `cursor`. Keep the last one you got with hasMore false: the next read starts there."),
  hasMore: z.boolean().describe("More changes wait: read again with nextCursor at once"),
});
