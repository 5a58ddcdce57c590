// What the notifications API takes: the list's page and its one filter. No server imports: the
// browser's client types read these too.
import { z } from "zod";
import { pageQuery } from "@/lib/pagination";

export const ListNotificationsQuery = pageQuery.extend({
  "filter[read]": z
    .enum(["true", "false"], { message: "filter[read] must be true or false" })
    .optional()
    .describe("Only the ones you read (true) or have not read (false); both when absent"),
});

export type NotificationsFilter = z.output<typeof ListNotificationsQuery>;
