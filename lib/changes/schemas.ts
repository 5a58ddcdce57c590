// Request schema of the change feeds (GET …/transactions/changes). No server imports: the browser's
// client takes its types from here.
import { z } from "zod";
import { perPageParam } from "@/lib/pagination";

export const ChangesQuery = z.object({
  perPage: perPageParam(1000, 200),
  cursor: z
    .string()
    .max(512)
    .optional()
    .describe(
      "Opaque: the previous answer's meta.nextCursor. Without it the feed starts at the beginning (every current transaction is added). Signed and bound to this feed; anything else → 422 (details.cursor); older than the change history kept → 410 cursor_expired.",
    ),
});
