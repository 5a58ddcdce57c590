// "Who is this?": the registry companies a counterpart may be, and the one it is bound to. The search
// starts from what the bank told us, the counterpart's name and the country of its IBAN (or of its
// SEPA creditor id, which starts with the creditor's country too), and the caller may say otherwise.
import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Counterpart } from "@/lib/generated/prisma/client";
import { COUNTRY_CODES } from "@/lib/clients/countries";
import { isUuid } from "@/lib/ids";
import { searchCompanies } from "@/lib/datasets/company-search";
import type { CompanyDataProvider } from "@/lib/datasets/providers/types";
import { memberIds } from "@/lib/counterparts/transactions";

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
  providers?: CompanyDataProvider[],
) {
  const name = asked.name ?? counterpart.alias ?? counterpart.name;
  const country = asked.country ?? (await counterpartCountry(db, counterpart));
  // With no country to search in, there is nothing to ask: the caller is told so by `country: null`.
  if (!country) return { name, country: null, candidates: [], providers: [] };
  return searchCompanies(db, counterpart.scopeId, { name, country }, providers);
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
