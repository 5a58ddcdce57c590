// Pure transforms from GLEIF's JSON:API lei-record documents to our normalised subsets.
// Parsed with zod so an unexpected response is a provider error, never a crash.
import { z } from "zod";
import type { CompanyCandidate, CompanyInformation, Shareholder } from "@/lib/datasets/providers/types";

const GleifAddress = z.object({
  addressLines: z.array(z.string()).default([]),
  city: z.string().nullish(),
  region: z.string().nullish(),
  country: z.string(),
  postalCode: z.string().nullish(),
});

export const GleifLeiRecord = z.object({
  type: z.literal("lei-records"),
  id: z.string(),
  attributes: z.object({
    lei: z.string(),
    entity: z.object({
      legalName: z.object({ name: z.string() }),
      legalAddress: GleifAddress,
      registeredAt: z.object({ id: z.string().nullish(), other: z.string().nullish() }).nullish(),
      registeredAs: z.string().nullish(),
      legalForm: z.object({ id: z.string().nullish(), other: z.string().nullish() }).nullish(),
      status: z.string().nullish(),
      creationDate: z.string().nullish(),
    }),
  }),
});
export type GleifLeiRecord = z.infer<typeof GleifLeiRecord>;

export const GleifListDocument = z.object({ data: z.array(GleifLeiRecord) });
export const GleifSingleDocument = z.object({ data: GleifLeiRecord });

/** The record's page on GLEIF's public search: what a person follows to check it. */
export const gleifRecordUrl = (lei: string) => `https://search.gleif.org/#/record/${lei}`;

const statusOf = (status: string | null | undefined): CompanyInformation["status"] =>
  status === "ACTIVE" ? "active" : status === "INACTIVE" ? "inactive" : "unknown";

const addressOf = (address: z.infer<typeof GleifAddress>) => ({
  lines: address.addressLines,
  postalCode: address.postalCode ?? null,
  city: address.city ?? null,
  region: address.region ?? null,
  country: address.country,
});

export function toInformation(record: GleifLeiRecord, requestedNumber: string): CompanyInformation {
  const entity = record.attributes.entity;
  const status = statusOf(entity.status);
  return {
    legalName: entity.legalName.name,
    legalForm: entity.legalForm?.other ?? entity.legalForm?.id ?? null,
    status,
    statusDetail: entity.status ?? null,
    registrationNumber: entity.registeredAs ?? requestedNumber,
    // GLEIF names the register by its Registration Authority code (for example RA000025 for the Belgian KBO).
    registrationAuthority: entity.registeredAt?.other ?? entity.registeredAt?.id ?? null,
    registeredAddress: addressOf(entity.legalAddress),
    foundedOn: entity.creationDate ? entity.creationDate.slice(0, 10) : null,
    lei: record.attributes.lei,
  };
}

/** A record found by name; its number is the one it is registered as, or the LEI when it names none. */
export function toCandidate(record: GleifLeiRecord): CompanyCandidate {
  const entity = record.attributes.entity;
  return {
    name: entity.legalName.name,
    country: entity.legalAddress.country,
    number: entity.registeredAs ?? record.attributes.lei,
    lei: record.attributes.lei,
    legalForm: entity.legalForm?.other ?? entity.legalForm?.id ?? null,
    status: statusOf(entity.status),
    address: addressOf(entity.legalAddress),
    recordUrl: gleifRecordUrl(record.attributes.lei),
  };
}

function parentOf(record: GleifLeiRecord, relationship: Shareholder["relationship"]): Shareholder {
  return {
    name: record.attributes.entity.legalName.name,
    kind: "company",
    ownershipPercent: null,
    relationship,
    lei: record.attributes.lei,
    country: record.attributes.entity.legalAddress.country,
  };
}

/**
 * GLEIF Level 2 data names accounting-consolidation parents, not every shareholder, and no
 * percentages. No reported parent → null, so the lookup falls back to the next provider.
 */
export function toShareholders(
  direct: GleifLeiRecord | null,
  ultimate: GleifLeiRecord | null,
): { shareholders: Shareholder[] } | null {
  const list: Shareholder[] = [];
  if (direct) list.push(parentOf(direct, "direct_parent"));
  if (ultimate && ultimate.attributes.lei !== direct?.attributes.lei) list.push(parentOf(ultimate, "ultimate_parent"));
  return list.length > 0 ? { shareholders: list } : null;
}

/** Registration numbers as GLEIF may store them: as typed, and without separators. */
export function numberCandidates(number: string): string[] {
  const trimmed = number.trim();
  const compact = trimmed.replace(/[\s.\-/]/g, "");
  return compact === trimmed ? [trimmed] : [trimmed, compact];
}
