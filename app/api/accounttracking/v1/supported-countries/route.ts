// GET /api/accounttracking/v1/supported-countries — scoped; accounts.read.
// Countries with at least one bank: [{countryCode, name, bankCount}], by name.
import { CountrySchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { z } from "zod";
import { methods, route } from "@/lib/api/route";
import { bankFailure } from "@/lib/accounttracking/bank-errors";
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
    handler: async () => {
      const all = [...integrations().values()];
      const countries = new Map<string, { countryCode: string; name: string; bankCount: number }>();
      // Merged across integrations; one that cannot answer is left out unless none can.
      let failures = 0;
      let lastError: unknown = null;
      for (const integration of all) {
        try {
          for (const c of await integration.listCountries()) {
            const banks = await integration.listBanks(c.countryCode);
            const entry = countries.get(c.countryCode) ?? { countryCode: c.countryCode, name: c.name, bankCount: 0 };
            entry.bankCount += banks.length;
            countries.set(c.countryCode, entry);
          }
        } catch (error) {
          failures += 1;
          lastError = error;
        }
      }
      if (all.length > 0 && failures === all.length) throw bankFailure(lastError);
      return {
        data: [...countries.values()].filter((c) => c.bankCount > 0).sort((a, b) => a.name.localeCompare(b.name)),
      };
    },
  }),
});
