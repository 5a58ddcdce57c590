// The fake of Brønnøysund's open data (data.brreg.no) under /brreg-fake, answering as Brreg's
// definitions say (../shared/spec/company-registries/no-brreg), the roles as the recorded sample does:
//   GET {prefix}/enhetsregisteret/api/enheter?navn=&size=&page=   200 HAL list (no _embedded when none match)
//   GET {prefix}/enhetsregisteret/api/enheter/{orgnr}             200 the unit; 400 not 9 digits; 404 none
//   GET {prefix}/enhetsregisteret/api/enheter/{orgnr}/roller      200 role groups; 404 none
//   GET {prefix}/regnskapsregisteret/regnskap/{orgnr}             200 [accounts] as their JSON text; 404 none
// Errors carry the Spring Boot body the registers answer with. The fault controls (503, 429 with
// Retry-After, an empty register, a delay, the call count) are the registers' shared ones.
import { NORWAY_ACCOUNTS, NORWAY_ROLES, NORWAY_UNITS } from "@/sandbox/registers/norway/companies";
import { routeRegisterFake, type RegisterFaults } from "@/sandbox/registers/shared/faults";
import { NORWAY_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";

export type NorwayFakeOptions = { faults: RegisterFaults; controlSecret: string | null };

const UNITS = "https://data.brreg.no/enhetsregisteret/api";

const headers = (extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  "cache-control": "no-store",
  ...extra,
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: headers() });

const REASONS: Record<number, string> = {
  400: "Bad Request",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  503: "Service Unavailable",
};

function springError(status: number, url: URL, message: string, extra: Record<string, string> = {}): Response {
  const body = { timestamp: new Date().toISOString(), status, error: REASONS[status], message, path: url.pathname };
  return new Response(JSON.stringify(body), { status, headers: headers(extra) });
}

const wholeNumber = (value: string | null, fallback: number) =>
  value === null ? fallback : /^\d+$/.test(value) ? Number(value) : Number.NaN;

function searchUnits(url: URL, empty: boolean): Response {
  const size = wholeNumber(url.searchParams.get("size"), 20);
  const page = wholeNumber(url.searchParams.get("page"), 0);
  if (!(size >= 1 && size <= 10_000) || !(page >= 0) || page * size > 10_000)
    return springError(400, url, "Ugyldig verdi for size eller page (maks dybde page*size er 10 000).");
  const words = (url.searchParams.get("navn") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  const found = empty
    ? []
    : Object.values(NORWAY_UNITS).filter((u) => words.every((w) => String(u.navn).toLowerCase().includes(w)));
  const shown = found.slice(page * size, (page + 1) * size);
  return json(200, {
    ...(shown.length ? { _embedded: { enheter: shown } } : {}),
    _links: { self: { href: `${UNITS}/enheter${url.search}` } },
    page: { size, totalElements: found.length, totalPages: Math.ceil(found.length / size), number: page },
  });
}

function api(request: Request, url: URL, path: string[], empty: boolean): Response {
  if (request.method !== "GET") return springError(405, url, "Kun GET støttes.", { allow: "GET" });
  const [register, ...rest] = path;
  const route = rest.join("/");
  if (register === "enhetsregisteret" && route === "api/enheter") return searchUnits(url, empty);
  const unit = /^api\/enheter\/([^/]+)(\/roller)?$/.exec(route);
  if (register === "enhetsregisteret" && unit) {
    const [, orgnr, roles] = unit;
    if (!/^\d{9}$/.test(orgnr))
      return springError(
        400,
        url,
        `Ugyldig organisasjonsnummer: ${orgnr}. Organisasjonsnummeret må bestå av 9 siffer.`,
      );
    const found = empty ? undefined : roles ? NORWAY_ROLES[orgnr] : NORWAY_UNITS[orgnr];
    return found ? json(200, found) : springError(404, url, `Fant ingen enhet med organisasjonsnummer ${orgnr}.`);
  }
  const accounts = /^regnskap\/(\d{9})$/.exec(route);
  if (register === "regnskapsregisteret" && accounts) {
    const found = empty ? undefined : NORWAY_ACCOUNTS[accounts[1]];
    return found
      ? new Response(found, { status: 200, headers: headers() })
      : springError(404, url, `Fant ingen regnskap for organisasjonsnummer ${accounts[1]}.`);
  }
  return springError(404, url, "Ressursen finnes ikke.");
}

export function handleNorwayFake(request: Request, options: NorwayFakeOptions): Promise<Response> {
  return routeRegisterFake(request, {
    prefix: NORWAY_REGISTER_PREFIX,
    ...options,
    api,
    failure: (status, extra) =>
      springError(
        status,
        new URL(request.url),
        status === 429 ? "For mange forespørsler. Prøv igjen senere." : "Tjenesten er midlertidig utilgjengelig.",
        extra,
      ),
  });
}
