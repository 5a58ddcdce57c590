import type { z } from "zod";
import type { ErrorCode } from "@/lib/api/errors";
import type { Handler } from "@/lib/api/route";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** One operation of the API: what its route() call declares, restated for the document. */
export type Operation = {
  method: HttpMethod;
  /** OpenAPI path template, e.g. /api/accounttracking/v1/accounts/{id} */
  path: string;
  /** The exported handler of the route file (tests map a handler back to its operation). */
  handler: Handler | ((request: Request) => Response | Promise<Response>);
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  auth: "public" | "any" | "user";
  scoped: boolean;
  capability?: string;
  body?: z.ZodType;
  /** The body is optional (e.g. POST …/initiate-redirect with no fields). */
  bodyOptional?: boolean;
  query?: z.ZodType;
  /** Path parameters that are UUIDs (a malformed one answers 404). */
  uuidParams?: string[];
  /** Success statuses → data schema (wrapped in the envelope); null = no body (204, 303). */
  success: Record<number, z.ZodType | null>;
  paginated?: boolean;
  /** Error codes beyond those derived from auth/scoped/body/query/uuidParams. */
  errors?: ErrorCode[];
  /** The response is not in the envelope (health). */
  bare?: boolean;
  /** The success body's media type when it is not JSON (e.g. text/csv; its schema is a string). */
  mediaType?: string;
};
