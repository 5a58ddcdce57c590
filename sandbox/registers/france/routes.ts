// The fake of France's company search (recherche-entreprises.api.gouv.fr) under
// /recherche-entreprises-fake, answering as its OpenAPI definition says (../shared/spec/
// company-registries/fr-recherche-entreprises/open-api.yml):
//   GET {prefix}/search?q=…&page=&per_page=
//     200 {results, total_results, page, per_page, total_pages}: `q` of 9 or 14 digits is a SIREN/SIRET
//         read directly, other words match the company's names (accents and case aside);
//     400 {"erreur": …}: no search term, or per_page outside 1–25.
// A company it does not hold is an empty result list, as the real API answers. The fault controls
// (503, 429 with Retry-After, an empty register, a delay, the call count) are the registers' shared ones.
import { FRANCE_COMPANIES, type FranceRecord } from "@/sandbox/registers/france/companies";
import { routeRegisterFake, type RegisterFaults } from "@/sandbox/registers/shared/faults";
import { FRANCE_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";

export type FranceFakeOptions = { faults: RegisterFaults; controlSecret: string | null };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

const erreur = (status: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { erreur: message }, headers);

const folded = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

function matches(company: FranceRecord, q: string): boolean {
  const digits = q.replace(/\s/g, "");
  if (/^\d{9}$/.test(digits) || /^\d{14}$/.test(digits)) return company.siren === digits.slice(0, 9);
  const names = folded([company.nom_complet, company.nom_raison_sociale, company.sigle].filter(Boolean).join(" "));
  return folded(q)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((word) => names.includes(word));
}

const wholeNumber = (value: string | null, fallback: number) =>
  value === null ? fallback : /^\d+$/.test(value) ? Number(value) : Number.NaN;

function search(url: URL, empty: boolean): Response {
  const q = (url.searchParams.get("q") ?? "").trim();
  if (!q) return erreur(400, "Veuillez indiquer au moins un paramètre de recherche.");
  const perPage = wholeNumber(url.searchParams.get("per_page"), 10);
  const page = wholeNumber(url.searchParams.get("page"), 1);
  if (!(perPage >= 1 && perPage <= 25)) return erreur(400, "Veuillez indiquer un paramètre `per_page` entre 1 et 25.");
  if (!(page >= 1)) return erreur(400, "Veuillez indiquer un paramètre `page` entier supérieur à 0.");
  const found = empty ? [] : FRANCE_COMPANIES.filter((c) => matches(c, q));
  return json(200, {
    results: found.slice((page - 1) * perPage, page * perPage),
    total_results: found.length,
    page,
    per_page: perPage,
    total_pages: Math.ceil(found.length / perPage),
  });
}

export function handleFranceFake(request: Request, options: FranceFakeOptions): Promise<Response> {
  return routeRegisterFake(request, {
    prefix: FRANCE_REGISTER_PREFIX,
    ...options,
    api: (req, url, path, empty) => {
      if (path.join("/") !== "search") return erreur(404, "Cette ressource n'existe pas.");
      if (req.method !== "GET") return erreur(405, "Seule la méthode GET est acceptée.", { allow: "GET" });
      return search(url, empty);
    },
    failure: (status, headers) =>
      status === 429
        ? erreur(429, "Trop de requêtes : au maximum 7 par seconde. Réessayez après le délai indiqué.", headers)
        : erreur(503, "Le service est momentanément indisponible.", headers),
  });
}
