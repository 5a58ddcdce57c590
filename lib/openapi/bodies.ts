// The body schema of each documented response of an operation: the success envelope around the
// declared data (or a page of it), and the error envelope with the codes this operation can answer.
// Read by the document, by the kernel's response check (development and tests) and by test helpers.
import type { z } from "zod";
import type { Declared } from "@/lib/api/contract";
import { isFile, isPage, isSchema, isWithMeta } from "@/lib/api/responses";
import { errorStatusesOf } from "@/lib/openapi/errors";
import { envelope, errorEnvelope, metaEnvelope, pageEnvelope } from "@/lib/openapi/schemas/common";

/** The body schema of a success status: null when it has no body; the data schema itself for bare and file answers. */
export function successBodySchema(op: Declared, status: number): z.ZodType | null {
  const spec = op.responses[status as keyof Declared["responses"]];
  if (isPage(spec)) return pageEnvelope(spec.item);
  if (isWithMeta(spec)) return metaEnvelope(spec.data, spec.meta);
  if (!isSchema(spec)) return null;
  return op.bare ? spec : envelope(spec);
}

/** Whether the operation declares this success status (with or without a body). */
export const declaresSuccess = (op: Declared, status: number): boolean => status in op.responses;

/** A success answer that is not JSON (a CSV download): its media type. */
export function fileMediaType(op: Declared, status: number): string | null {
  const spec = op.responses[status as keyof Declared["responses"]];
  return isFile(spec) ? spec.mediaType : null;
}

/** The JSON body schema of an error status of this operation; null when the operation cannot answer it. */
export function errorBodySchema(method: string, op: Declared, status: number): z.ZodType | null {
  const codes = errorStatusesOf(method, op).get(status);
  return codes ? errorEnvelope(status, codes) : null;
}
