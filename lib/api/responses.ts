// How a route declares its success responses, per status (the `responses` of route()):
// - a zod schema: the `data` of the envelope `{data, meta:{requestId}}`;
// - page(item): a page of items, `{data:[…], meta:{requestId, page:{perPage, nextCursor}}}`;
// - NO_BODY: no body (204);
// - REDIRECT: 303 with a Location header;
// - file(mediaType): a download that is not JSON (its body is text of that media type);
// - withMeta(data, meta): `{data, meta:{requestId, …meta}}`, for answers whose meta says more than
//   the request id (the change feed's nextCursor and hasMore).
// No server imports: the client's types and the document read these too.
import type { z } from "zod";

export type PageSpec<T extends z.ZodType = z.ZodType> = { kind: "page"; item: T };
type FileSpec = { kind: "file"; mediaType: string };
type RedirectSpec = { kind: "redirect" };
export type WithMetaSpec<T extends z.ZodType = z.ZodType, M extends z.ZodObject = z.ZodObject> = {
  kind: "withMeta";
  data: T;
  meta: M;
};
export type ResponseSpec = z.ZodType | PageSpec | FileSpec | RedirectSpec | WithMetaSpec | null;
type SuccessStatus = 200 | 201 | 202 | 204 | 303;
export type Responses = { [S in SuccessStatus]?: ResponseSpec };

export const page = <T extends z.ZodType>(item: T): PageSpec<T> => ({ kind: "page", item });
export const file = (mediaType: string): FileSpec => ({ kind: "file", mediaType });
export const withMeta = <T extends z.ZodType, M extends z.ZodObject>(data: T, meta: M): WithMetaSpec<T, M> => ({
  kind: "withMeta",
  data,
  meta,
});
export const REDIRECT: RedirectSpec = { kind: "redirect" };
export const NO_BODY = null;

type PageMeta = { page: { perPage: number; nextCursor: string | null } };
/** A keyset page (lib/api/pagination.ts) as a page(item) answer: `handler: … => pageAnswer(await list…)`. */
export function pageAnswer<T>(page: { items: T[]; meta: PageMeta }): { data: T[]; meta: PageMeta };
export function pageAnswer<T, U>(
  page: { items: T[]; meta: PageMeta },
  serialize: (item: T) => U,
): { data: U[]; meta: PageMeta };
export function pageAnswer<T, U>(page: { items: T[]; meta: PageMeta }, serialize?: (item: T) => U) {
  return { data: serialize ? page.items.map(serialize) : page.items, meta: page.meta };
}

type Marker = PageSpec | FileSpec | RedirectSpec | WithMetaSpec;
const markerOf = (spec: ResponseSpec | undefined): Marker | null =>
  typeof spec === "object" && spec !== null && !("_zod" in spec) ? spec : null;

export const isPage = (spec: ResponseSpec | undefined): spec is PageSpec => markerOf(spec)?.kind === "page";
export const isFile = (spec: ResponseSpec | undefined): spec is FileSpec => markerOf(spec)?.kind === "file";
export const isWithMeta = (spec: ResponseSpec | undefined): spec is WithMetaSpec => markerOf(spec)?.kind === "withMeta";
export const isRedirect = (spec: ResponseSpec | undefined): spec is RedirectSpec => markerOf(spec)?.kind === "redirect";
/** A plain data schema (in the envelope). */
export const isSchema = (spec: ResponseSpec | undefined): spec is z.ZodType =>
  typeof spec === "object" && spec !== null && "_zod" in spec;
