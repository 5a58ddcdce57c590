// GET /api/companies/v1/search?name=&country=&limit= — scoped; lookup.run (as the lookup: it asks
// external registers). Companies whose name matches, from every register that searches by name and
// covers the country, with their identifiers and addresses, and what came of asking each register.
// A candidate's country and number are what GET /api/companies/v1/lookup takes.
import { CompanySearchSchema } from "@/lib/openapi/schemas/platform";
import { methods, route, scoped } from "@/lib/api/route";
import { searchCompanies } from "@/lib/datasets/company-search";
import { appGuard } from "@/lib/datasets/provider-guard-store";
import { configuredProviders } from "@/lib/datasets/providers";
import { CompanySearchQuery } from "@/lib/datasets/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Data registry", {
  GET: route("searchCompanies", "Search companies by name in a country", {
    effects: true,
    ...scoped("any", "lookup.run"),
    query: CompanySearchQuery,
    responses: { 200: CompanySearchSchema },
    handler: async ({ query }) => ({ data: await searchCompanies(query, configuredProviders(), appGuard()) }),
  }),
});
