// Response shapes shared by every operation: the success envelope, page meta and the error envelope.
import { z } from "zod";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";

export const isoDateTime = z.string().describe("ISO 8601 date-time in UTC");
export const dateOnly = z.string().describe("A date as YYYY-MM-DD");
export const uuid = z.string().describe("UUID");

export const MetaSchema = z.object({ requestId: z.string() });
const PageInfoSchema = z.object({
  perPage: z.number().int(),
  nextCursor: z.string().nullable().describe("Opaque; send it back as `cursor`. `null` on the last page."),
});
export const PageMetaSchema = z.object({ requestId: z.string(), page: PageInfoSchema });

/** `{data, meta:{requestId}}` */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, meta: MetaSchema });
/** `{data:[…], meta:{requestId, page:{perPage, nextCursor}}}` */
export const pageEnvelope = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: PageMetaSchema });

/** `{data, meta:{requestId, …meta}}` */
export const metaEnvelope = <T extends z.ZodType, M extends z.ZodObject>(data: T, meta: M) =>
  z.object({ data, meta: MetaSchema.extend(meta.shape) });

/** The error envelope; `code` is one of `codes` (default: every code of `status`). */
export function errorEnvelope(status: number, only?: ErrorCode[]) {
  const codes = only ?? (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
  return z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z
        .record(z.string(), z.array(z.string()))
        .optional()
        .describe("422 only: camelCase field path → messages"),
    }),
    meta: MetaSchema,
  });
}
