// The sandbox company registry's API under /sandbox-registry, on web Request/Response (served by the
// banks' process, sandbox/server.ts, or a test's own server), read by the product's provider
// `sandbox_registry` (lib/datasets/providers/sandbox-registry.ts) over HTTP like any register:
//   GET {prefix}/api/companies?country=BE&number=0403.170.701
//     200 {"company": {information, financials, rating, shareholders, officers}}: the same company for the
//         same seed and number, in the product's normalised shapes (this register is ours);
//     404 {"error": "not_found", "message"}: a malformed number or a country it does not cover.
//   GET {prefix}/api/companies/search?country=FR&name=Arval%20Service%20Lease&limit=10
//     200 {"companies": [{name, country, number, lei, legalForm, status, address, recordUrl}]}: the
//         same company for the same name (sandbox/registry/search.ts); none for a country it does not hold.
import { sandboxCompany } from "@/sandbox/registry/companies";
import { sandboxSearch } from "@/sandbox/registry/search";
import { SANDBOX_REGISTRY_PREFIX } from "@/sandbox/shared/prefixes";
import { fakePathOf } from "@/sandbox/shared/web";

export type SandboxRegistryOptions = {
  /** What every company is derived from (SANDBOX_REGISTRY_SEED). */
  seed: string;
};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

const notFound = (message: string) => json(404, { error: "not_found", message });

export function handleSandboxRegistry(request: Request, options: SandboxRegistryOptions): Response {
  const url = new URL(request.url);
  const path = fakePathOf(url, SANDBOX_REGISTRY_PREFIX)?.join("/");
  if (path !== "api/companies" && path !== "api/companies/search")
    return notFound("The sandbox registry has no such resource.");
  if (request.method !== "GET")
    return json(405, { error: "method_not_allowed", message: "Only GET." }, { allow: "GET" });
  if (path === "api/companies/search") {
    const query = { name: url.searchParams.get("name") ?? "", country: url.searchParams.get("country") ?? "" };
    return json(200, { companies: sandboxSearch(query, options.seed) });
  }
  const country = url.searchParams.get("country") ?? "";
  const number = url.searchParams.get("number") ?? "";
  const company = sandboxCompany({ country, number }, options.seed);
  return company
    ? json(200, { company })
    : notFound(`No company with number ${number} in the sandbox ${country} register.`);
}
