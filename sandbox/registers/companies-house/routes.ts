// The Companies House fake below /companies-house-fake, answering as the Public Data API does
// (apispec.json in ../shared/spec/company-registries/uk-companies-house), for the provider
// `uk_companies_house` and the contract test that checks every exchange against that definition:
//   GET /company/{number}                                    the profile, or 404
//   GET /company/{number}/officers                           the officer list (serving and resigned)
//   GET /company/{number}/persons-with-significant-control   the PSC list
//   GET /search/companies?q=&items_per_page=                 companies whose name contains q
// Every call needs the key the banks were given (HTTP Basic, the key as user name, no password):
// without it 401, as the register answers. The fault controls are the register fakes' shared ones.
import { chCompanies, chCompany, type ChCompany } from "@/sandbox/registers/companies-house/records";
import { routeRegisterFake, type RegisterFaults } from "@/sandbox/registers/shared/faults";
import { COMPANIES_HOUSE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";

export type CompaniesHouseFakeOptions = {
  /** The key the fake accepts; null: every call is refused (401). */
  apiKey: string | null;
  controlSecret: string | null;
  faults: RegisterFaults;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

const serviceError = (status: number, error: string, headers: Record<string, string> = {}) =>
  json(status, { errors: [{ error, type: "ch:service" }] }, headers);

function keyOf(request: Request): string | null {
  const m = /^Basic\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "");
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? decoded : decoded.slice(0, colon);
}

function officerList(company: ChCompany): Record<string, unknown> {
  const number = String(company.profile.company_number);
  const items = company.officers.map((o, i) => ({
    name: o.name,
    officer_role: o.role,
    appointed_on: o.appointed,
    ...(o.resigned ? { resigned_on: o.resigned } : {}),
    address: o.address,
    links: {
      self: `/company/${number}/appointments/${number}${i}`,
      officer: { appointments: `/officers/${number}o${i}/appointments` },
    },
  }));
  const resigned = items.filter((o) => "resigned_on" in o).length;
  return {
    kind: "officer-list",
    etag: `${number}-officers`,
    items_per_page: 35,
    start_index: 0,
    total_results: items.length,
    active_count: items.length - resigned,
    resigned_count: resigned,
    links: { self: `/company/${number}/officers` },
    items,
  };
}

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

function searchResult(url: URL, empty: boolean): Record<string, unknown> {
  const q = comparable(url.searchParams.get("q") ?? "");
  const limit = Number(url.searchParams.get("items_per_page") ?? "20") || 20;
  const hits = empty || !q ? [] : chCompanies().filter((c) => comparable(String(c.profile.company_name)).includes(q));
  const items = hits.slice(0, limit).map(({ profile: p }) => {
    const address = p.registered_office_address as Record<string, string>;
    return {
      kind: "searchresults#company",
      title: p.company_name,
      company_number: p.company_number,
      company_type: p.type,
      company_status: p.company_status,
      date_of_creation: p.date_of_creation,
      ...(p.date_of_cessation ? { date_of_cessation: p.date_of_cessation } : {}),
      description: `${String(p.company_number)} - Incorporated on ${String(p.date_of_creation)}`,
      description_identifier: ["incorporated-on"],
      address,
      address_snippet: [address.premises, address.address_line_1, address.locality, address.postal_code]
        .filter(Boolean)
        .join(", "),
      links: { self: `/company/${String(p.company_number)}` },
    };
  });
  return {
    kind: "search#companies",
    total_results: hits.length,
    start_index: 0,
    items_per_page: limit,
    etag: `search-${hits.length}`,
    items,
  };
}

function api(request: Request, url: URL, path: string[], empty: boolean, apiKey: string | null): Response {
  if (apiKey === null || keyOf(request) !== apiKey)
    return json(
      401,
      { error: "Invalid Authorization", type: "ch:service" },
      { "www-authenticate": 'Basic realm="CH"' },
    );
  if (request.method !== "GET") return serviceError(405, "method-not-allowed", { allow: "GET" });
  if (path.join("/") === "search/companies") return json(200, searchResult(url, empty));
  const company = path[0] === "company" && !empty ? chCompany(path[1] ?? "") : undefined;
  const what = path.slice(2).join("/");
  if (path[0] !== "company" || !["", "officers", "persons-with-significant-control"].includes(what))
    return serviceError(404, "not-found");
  if (!company) return serviceError(404, what === "" ? "company-profile-not-found" : "not-found");
  if (what === "officers") return json(200, officerList(company));
  if (what === "persons-with-significant-control") return json(200, company.pscList);
  return json(200, company.profile);
}

export function handleCompaniesHouseFake(request: Request, options: CompaniesHouseFakeOptions): Promise<Response> {
  return routeRegisterFake(request, {
    prefix: COMPANIES_HOUSE_REGISTER_PREFIX,
    faults: options.faults,
    controlSecret: options.controlSecret,
    api: (req, url, path, empty) => api(req, url, path, empty, options.apiKey),
    failure: (status, headers) =>
      serviceError(status, status === 429 ? "rate-limit-exceeded" : "service-unavailable", headers),
  });
}
