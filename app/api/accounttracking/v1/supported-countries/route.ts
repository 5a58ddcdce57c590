// GET /api/accounttracking/v1/supported-countries — scoped; accounts.read.
// Countries with at least one bank: [{countryCode, name, bankCount}], by name.
import { CountrySchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { countriesWithBanks } from "@/lib/accounttracking/bank-directory";
import { integrations } from "@/lib/banking/registry";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route({
    operationId: "listSupportedCountries",
    tag: "Account tracking",
    summary: "Countries with banks",
    auth: "any",
    scoped: true,
    capability: "accounts.read",
    responses: { 200: z.array(CountrySchema) },
    errors: BANK_ERRORS,
    handler: async () => ({ data: await countriesWithBanks([...integrations().values()]) }),
  }),
});
