// GET /api/accounttracking/v1/supported-countries — scoped; accounts.read.
// Countries with at least one bank: [{countryCode, name, bankCount}], by name.
import { CountrySchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { countriesWithBanks } from "@/lib/accounttracking/consents/bank-directory";
import { integrations } from "@/lib/banking/registry";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("listSupportedCountries", "Countries with banks", {
    effects: true,
    ...scoped("any", "accounts.read"),
    responses: { 200: z.array(CountrySchema) },
    errors: BANK_ERRORS,
    handler: async () => ({ data: await countriesWithBanks([...integrations().values()]) }),
  }),
});
