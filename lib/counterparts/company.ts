// "Who is this?": the registry companies a counterpart may be, and the one it is bound to. The search
// starts from what the bank told us, the counterpart's name and the country of its IBAN (or of its
// SEPA creditor id, which starts with the creditor's country too), and the caller may say otherwise.
// The registers are asked as GET /api/companies/v1/search asks them (lib/datasets/company-search.ts,
// through the provider guard), in the order of the organisation-wide default profile.
import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { COUNTRY_CODES } from "@/lib/clients/countries";
import { isUuid } from "@/lib/ids";
import { searchCompanies } from "@/lib/datasets/company-search";
import { appGuard } from "@/lib/datasets/provider-guard-store";
import { configuredProviders } from "@/lib/datasets/providers";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
import { memberIds } from "@/lib/counterparts/transactions";

/** Candidates asked for; a name search past the first few rarely finds the one meant. */
const CANDIDATES = 10;

/** The providers of the scope's organisation-wide default profile, in its order (all, in the platform's order, without one). */
async function searchOrder(db: Tx, scopeId: string, providers: CompanyDataProvider[]) {
  const profile = await db.datasetProfile.findFirst({
    where: { scopeId, target: "global", isDefault: true },
    select: { providerPriorities: true },
  });
  if (!profile) return providers;
  return profile.providerPriorities.flatMap((id) => providers.filter((p) => p.id === id));
}

/** Where a key's value says the party is: an IBAN's first two letters, a creditor id's too. */
const COUNTRY_KINDS = ["iban", "creditor_id"];

/** The country of the counterpart's (or a consolidated member's) IBAN, else of its creditor id; null when neither says. */
export async function counterpartCountry(db: Tx, counterpart: Counterpart): Promise<string | null> {
  const ids = await memberIds(db, counterpart.scopeId, counterpart.id);
  const keys = await db.counterpartKey.findMany({
    where: { scopeId: counterpart.scopeId, counterpartId: { in: ids }, kind: { in: COUNTRY_KINDS } },
    select: { kind: true, value: true },
  });
  for (const kind of COUNTRY_KINDS) {
    for (const key of keys.filter((k) => k.kind === kind)) {
      const country = key.value.slice(0, 2).toUpperCase();
      if (COUNTRY_CODES.has(country)) return country;
    }
  }
  return null;
}

export async function companyCandidates(
  db: Tx,
  counterpart: Counterpart,
  asked: { name?: string; country?: string },
  providers: CompanyDataProvider[] = configuredProviders(),
) {
  const name = asked.name ?? counterpart.alias ?? counterpart.name;
  const country = asked.country ?? (await counterpartCountry(db, counterpart));
  // With no country to search in, there is nothing to ask: the caller is told so by `country: null`.
  if (!country) return { name, country: null, candidates: [], attempts: [] };
  const ordered = await searchOrder(db, counterpart.scopeId, providers);
  return { name, country, ...(await searchCompanies({ name, country, limit: CANDIDATES }, ordered, appGuard())) };
}

/** The registry company behind the counterpart's client binding; null for no binding or a hand-typed client. */
export async function boundCompany(db: Tx, counterpart: Counterpart) {
  if (counterpart.entityType !== "client" || !counterpart.entityId || !isUuid(counterpart.entityId)) return null;
  const client = await db.client.findFirst({
    where: { id: counterpart.entityId, scopeId: counterpart.scopeId, registrationNumber: { not: null } },
  });
  if (!client?.registrationNumber) return null;
  return {
    clientId: client.id,
    name: client.displayName,
    country: client.countryCode,
    number: client.registrationNumber,
    lei: client.lei,
  };
}
