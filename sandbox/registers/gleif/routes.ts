// The GLEIF fake below /gleif-fake, answering as GLEIF's API v1 does (JSON:API,
// application/vnd.api+json, `meta.goldenCopy`, Laravel-style `meta.pagination` and `links` on lists),
// for the provider `gleif` and the contract test that checks every exchange against GLEIF's recorded
// answers and the parameters its Postman collection lists:
//   GET /api/v1/lei-records?filter[lei|entity.registeredAs|entity.legalAddress.country|entity.legalName]=&page[size]=&page[number]=
//   GET /api/v1/lei-records/{lei}                       one record, or 404
//   GET /api/v1/lei-records/{lei}/direct-parent         the parent's record, or 404 when none is reported
//   GET /api/v1/lei-records/{lei}/ultimate-parent
//   GET /api/v1/fuzzycompletions?field=entity.legalName&q=
// A filter it does not know is a 400, as GLEIF answers. The fault controls are the register fakes' shared ones.
import {
  GLEIF_API_ROOT,
  GLEIF_PARENTS,
  GLEIF_RECORDS,
  GOLDEN_COPY,
  type LeiRecord,
} from "@/sandbox/registers/gleif/records";
import { routeRegisterFake, type RegisterFaults } from "@/sandbox/registers/shared/faults";
import { GLEIF_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";

export type GleifFakeOptions = {
  /** The banks' public origin: the answers' links point at the fake, not at GLEIF. */
  publicUrl: string;
  controlSecret: string | null;
  faults: RegisterFaults;
};

const MEDIA = "application/vnd.api+json";
const LIST_PARAMS = new Set([
  "filter[lei]",
  "filter[entity.registeredAs]",
  "filter[entity.legalAddress.country]",
  "filter[entity.legalName]",
  "page[size]",
  "page[number]",
]);

const answer = (status: number, body: unknown, root: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body).replaceAll(GLEIF_API_ROOT, root), {
    status,
    headers: { "content-type": MEDIA, "cache-control": "no-store", ...headers },
  });

const failure = (status: number, title: string, root: string, headers: Record<string, string> = {}) =>
  answer(status, { errors: [{ status: String(status), title }] }, root, headers);

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function matches(record: LeiRecord, params: URLSearchParams): boolean {
  const entity = record.attributes.entity;
  const want = (name: string) => params.get(`filter[${name}]`);
  const lei = want("lei");
  if (lei !== null && !lei.split(",").includes(record.id)) return false;
  const number = want("entity.registeredAs");
  if (number !== null && entity.registeredAs !== number) return false;
  const country = want("entity.legalAddress.country");
  if (country !== null && !country.split(",").includes(entity.legalAddress.country)) return false;
  const name = want("entity.legalName");
  return name === null || comparable(entity.legalName.name).includes(comparable(name));
}

function list(url: URL, root: string, empty: boolean): Response {
  const unknown = [...url.searchParams.keys()].find((k) => !LIST_PARAMS.has(k));
  if (unknown) return failure(400, `Bad Request: ${unknown} is not a filter of lei-records`, root);
  const size = Math.min(Math.max(Number(url.searchParams.get("page[size]") ?? "10") || 10, 1), 200);
  const number = Math.max(Number(url.searchParams.get("page[number]") ?? "1") || 1, 1);
  const hits = empty ? [] : GLEIF_RECORDS.filter((r) => matches(r, url.searchParams));
  const page = hits.slice((number - 1) * size, number * size);
  const lastPage = Math.max(Math.ceil(hits.length / size), 1);
  const pageUrl = (n: number) => {
    const q = new URLSearchParams(url.searchParams);
    q.set("page[number]", String(n));
    q.set("page[size]", String(size));
    return `${root}/lei-records?${q.toString()}`;
  };
  const from = page.length ? (number - 1) * size + 1 : null;
  return answer(
    200,
    {
      meta: {
        goldenCopy: GOLDEN_COPY,
        pagination: {
          currentPage: number,
          perPage: size,
          from,
          to: from === null ? null : from + page.length - 1,
          total: hits.length,
          lastPage,
        },
      },
      links: {
        first: pageUrl(1),
        ...(number > 1 ? { prev: pageUrl(number - 1) } : {}),
        ...(number < lastPage ? { next: pageUrl(number + 1) } : {}),
        last: pageUrl(lastPage),
      },
      data: page,
    },
    root,
  );
}

function fuzzy(url: URL, root: string, empty: boolean): Response {
  const q = comparable(url.searchParams.get("q") ?? "");
  const hits =
    empty || !q ? [] : GLEIF_RECORDS.filter((r) => comparable(r.attributes.entity.legalName.name).includes(q));
  return answer(
    200,
    {
      data: hits.map((r) => ({
        type: "fuzzycompletions",
        attributes: { value: r.attributes.entity.legalName.name },
        relationships: {
          "lei-records": {
            data: { type: "lei-records", id: r.id },
            links: { related: `${GLEIF_API_ROOT}/lei-records/${r.id}` },
          },
        },
      })),
    },
    root,
  );
}

const byLei = (lei: string) => GLEIF_RECORDS.find((r) => r.id === lei);

function api(request: Request, url: URL, path: string[], empty: boolean, root: string): Response {
  if (request.method !== "GET") return failure(405, "Method Not Allowed", root, { allow: "GET" });
  if (path[0] !== "api" || path[1] !== "v1") return failure(404, "Not Found", root);
  const [what, lei, relation, ...rest] = path.slice(2);
  if (what === "fuzzycompletions" && lei === undefined) return fuzzy(url, root, empty);
  if (what !== "lei-records" || rest.length > 0) return failure(404, "Not Found", root);
  if (lei === undefined) return list(url, root, empty);
  const record = empty ? undefined : byLei(lei);
  if (!record) return failure(404, "Not Found", root);
  if (relation === undefined) return answer(200, { meta: { goldenCopy: GOLDEN_COPY }, data: record }, root);
  const parents = GLEIF_PARENTS[record.id] ?? {};
  const parentLei =
    relation === "direct-parent" ? parents.direct : relation === "ultimate-parent" ? parents.ultimate : undefined;
  const parent = parentLei ? byLei(parentLei) : undefined;
  return parent
    ? answer(200, { meta: { goldenCopy: GOLDEN_COPY }, data: parent }, root)
    : failure(404, "Not Found", root);
}

export function handleGleifFake(request: Request, options: GleifFakeOptions): Promise<Response> {
  const root = `${options.publicUrl}${GLEIF_REGISTER_PREFIX}/api/v1`;
  return routeRegisterFake(request, {
    prefix: GLEIF_REGISTER_PREFIX,
    faults: options.faults,
    controlSecret: options.controlSecret,
    api: (req, url, path, empty) => api(req, url, path, empty, root),
    failure: (status, headers) =>
      failure(status, status === 429 ? "Too Many Requests" : "Service Unavailable", root, headers),
  });
}
