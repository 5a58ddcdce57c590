// GET /api/accounttracking/v1/banks?country=BE[&search=][&integrationName=] — scoped; accounts.read.
// The banks of a country across the enabled integrations, in one list: [{bankId, name, bic, countryCode,
// integrationName, logoUrl, lastUsedAt, popular}]; bank ids are namespaced per integration (Enable
// Banking's start with `eb:`). The picker puts this scope's recent banks and the popular ones first.
import { BankSchema } from "@/lib/openapi/schemas/accounttracking";
import { BANK_ERRORS } from "@/lib/openapi/errors";
import { z } from "zod";
import { methods, route, scoped } from "@/lib/api/route";
import { bankFailure } from "@/lib/accounttracking/consents/bank-errors";
import { BanksQuery } from "@/lib/accounttracking/schemas";
import { integrations } from "@/lib/banking/registry";
import { bankHints, withHints } from "@/lib/accounttracking/consents/bank-hints";

export const { GET, POST, PUT, PATCH, DELETE } = methods("Account tracking", {
  GET: route("listBanks", "Banks of a country", {
    effects: true,
    ...scoped("any", "accounts.read"),
    query: BanksQuery,
    responses: { 200: z.array(BankSchema) },
    errors: BANK_ERRORS,
    handler: async ({ db, scope, query }) => {
      const chosen = [...integrations().values()].filter(
        (i) => !query.integrationName || i.name === query.integrationName,
      );
      // One integration that cannot answer does not hide the banks of the others; all failing is a failure.
      const settled = await Promise.allSettled(chosen.map((i) => i.listBanks(query.country)));
      const failure = settled.find((s) => s.status === "rejected");
      if (failure && settled.every((s) => s.status === "rejected")) throw bankFailure(failure.reason);
      const lists = settled.map((s) => (s.status === "fulfilled" ? s.value : []));
      const needle = query.search?.toLowerCase();
      const banks = lists
        .flat()
        .filter((b) => !needle || b.name.toLowerCase().includes(needle) || (b.bic ?? "").toLowerCase().includes(needle))
        .sort((a, b) => a.name.localeCompare(b.name));
      return { data: withHints(banks, await bankHints(db, scope.scopeId)) };
    },
  }),
});
