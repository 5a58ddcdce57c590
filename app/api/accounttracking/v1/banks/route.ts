// GET /api/accounttracking/v1/banks?country=BE[&search=][&integrationName=] — scoped; accounts.read.
// The banks of a country across the enabled integrations: [{bankId, name, bic, countryCode, integrationName}].
import { methods, route } from "@/lib/api/route";
import { bankFailure } from "@/lib/accounttracking/bank-errors";
import { BanksQuery } from "@/lib/accounttracking/schemas";
import { integrations } from "@/lib/banking/registry";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    query: BanksQuery,
    handler: async ({ query }) => {
      const chosen = [...integrations().values()].filter((i) => !query.integrationName || i.name === query.integrationName);
      const lists = await Promise.all(chosen.map((i) => i.listBanks(query.country))).catch((e: unknown) => {
        throw bankFailure(e);
      });
      const needle = query.search?.toLowerCase();
      const banks = lists
        .flat()
        .filter((b) => !needle || b.name.toLowerCase().includes(needle) || (b.bic ?? "").toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { data: banks };
    },
  }),
});
