// GET /api/accounttracking/v1/supported-countries — scoped; accounts.read.
// Countries with at least one bank: [{countryCode, name, bankCount}], by name.
import { methods, route } from "@/lib/api/route";
import { countriesWithBanks } from "@/lib/accounttracking/bank-directory";
import { integrations } from "@/lib/banking/registry";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    handler: async () => ({ data: await countriesWithBanks([...integrations().values()]) }),
  }),
});
