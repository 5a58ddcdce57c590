// Pure transforms from Companies House's Public Data API answers (company profile, officer list,
// persons with significant control, company search) to our normalised subsets. Parsed with zod, only
// the fields we read, so a new field never breaks a lookup and a missing one is a provider error.
import { z } from "zod";
import {
  COMPANY_STATUS,
  COMPANY_STATUS_DETAIL,
  COMPANY_TYPE,
  OFFICER_ROLE,
} from "@/lib/datasets/providers/companies-house-words";
import type {
  Address,
  CompanyCandidate,
  CompanyInformation,
  Officer,
  Shareholder,
} from "@/lib/datasets/providers/types";

const ChAddress = z.object({
  premises: z.string().nullish(),
  address_line_1: z.string().nullish(),
  address_line_2: z.string().nullish(),
  locality: z.string().nullish(),
  region: z.string().nullish(),
  postal_code: z.string().nullish(),
  country: z.string().nullish(),
});
type ChAddress = z.infer<typeof ChAddress>;

export const ChCompanyProfile = z.object({
  company_name: z.string(),
  company_number: z.string(),
  company_status: z.string(),
  company_status_detail: z.string().nullish(),
  type: z.string(),
  date_of_creation: z.string().nullish(),
  registered_office_address: ChAddress.nullish(),
});
export type ChCompanyProfile = z.infer<typeof ChCompanyProfile>;

export const ChOfficerList = z.object({
  items: z
    .array(
      z.object({
        name: z.string(),
        officer_role: z.string(),
        appointed_on: z.string().nullish(),
        resigned_on: z.string().nullish(),
      }),
    )
    .default([]),
});
export type ChOfficerList = z.infer<typeof ChOfficerList>;

export const ChPscList = z.object({
  items: z
    .array(
      z.object({
        kind: z.string(),
        name: z.string().nullish(),
        natures_of_control: z.array(z.string()).default([]),
        ceased_on: z.string().nullish(),
        ceased: z.boolean().nullish(),
        identification: z.object({ country_registered: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});
export type ChPscList = z.infer<typeof ChPscList>;

export const ChCompanySearch = z.object({
  items: z
    .array(
      z.object({
        title: z.string(),
        company_number: z.string(),
        company_status: z.string().nullish(),
        company_type: z.string().nullish(),
        address: ChAddress.nullish(),
      }),
    )
    .default([]),
});
export type ChCompanySearch = z.infer<typeof ChCompanySearch>;

/** The company's page on the public service: what a person follows to check the record. */
export const companiesHouseRecordUrl = (number: string) =>
  `https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(number)}`;

/**
 * Gone from the register or being wound up. Administration, receivership and voluntary arrangements
 * are insolvency procedures a company may trade through: active, with the words in statusDetail.
 */
const INACTIVE = new Set(["dissolved", "liquidation", "converted-closed", "closed", "removed"]);

export function statusOf(code: string | null | undefined): CompanyInformation["status"] {
  if (!code) return "unknown";
  return INACTIVE.has(code) ? "inactive" : code in COMPANY_STATUS ? "active" : "unknown";
}

const wordsOf = (table: Readonly<Record<string, string>>, code: string) => table[code] ?? code;
const day = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;

function addressOf(address: ChAddress | null | undefined): Address | null {
  if (!address) return null;
  const lines = [address.premises, address.address_line_1, address.address_line_2].filter(
    (line): line is string => !!line?.trim(),
  );
  // Every company on this register has its registered office in the United Kingdom; the API's own
  // `country` is a nation ("England", "Wales"), not a country code.
  return {
    lines,
    postalCode: address.postal_code ?? null,
    city: address.locality ?? null,
    region: address.region ?? null,
    country: "GB",
  };
}

export function toInformation(profile: ChCompanyProfile): CompanyInformation {
  const status = wordsOf(COMPANY_STATUS, profile.company_status);
  const detail = profile.company_status_detail ? COMPANY_STATUS_DETAIL[profile.company_status_detail] : undefined;
  return {
    legalName: profile.company_name,
    legalForm: wordsOf(COMPANY_TYPE, profile.type),
    status: statusOf(profile.company_status),
    statusDetail: detail ? `${status}: ${detail}` : status,
    registrationNumber: profile.company_number,
    registrationAuthority: "Companies House",
    registeredAddress: addressOf(profile.registered_office_address),
    foundedOn: day(profile.date_of_creation),
    // The register keeps no LEI; GLEIF's record names the company number instead.
    lei: null,
  };
}

/** Every officer the register lists, serving and resigned (resignedOn set). */
export function toOfficers(list: ChOfficerList): { officers: Officer[] } {
  return {
    officers: list.items.map((item) => ({
      name: item.name,
      kind: item.officer_role.startsWith("corporate-") ? "company" : "person",
      role: wordsOf(OFFICER_ROLE, item.officer_role),
      appointedOn: day(item.appointed_on),
      resignedOn: day(item.resigned_on),
    })),
  };
}

/**
 * The share band a person with significant control holds, as the register states it
 * (`ownership-of-shares-25-to-50-percent` → "25-50"): the register gives no exact figure.
 */
export function ownershipBandOf(natures: readonly string[]): string | null {
  for (const nature of natures) {
    const m = /^ownership-of-shares-(\d+)-to-(\d+)-percent/.exec(nature);
    if (m) return `${m[1]}-${m[2]}`;
    if (/^ownership-of-shares-more-than-25-percent/.test(nature)) return "25-100";
  }
  return null;
}

/**
 * The persons with significant control who still have it. People and companies alike are owners here:
 * the register records control, not a shareholder list, so ownershipPercent stays null and the band
 * goes in ownershipBand. None left → null, so the lookup may ask the next provider.
 */
export function toShareholders(list: ChPscList): { shareholders: Shareholder[] } | null {
  const shareholders = list.items
    .filter((item) => !item.ceased_on && !item.ceased && item.name)
    .map((item): Shareholder => ({
      name: item.name ?? "",
      kind: item.kind.startsWith("individual") ? "person" : "company",
      ownershipPercent: null,
      ownershipBand: ownershipBandOf(item.natures_of_control),
      relationship: "shareholder",
      lei: null,
      country: item.kind.startsWith("individual") ? null : (item.identification?.country_registered ?? null),
    }));
  return shareholders.length > 0 ? { shareholders } : null;
}

export function toCandidates(search: ChCompanySearch): CompanyCandidate[] {
  return search.items.map((item) => ({
    name: item.title,
    country: "GB",
    number: item.company_number,
    lei: null,
    legalForm: item.company_type ? wordsOf(COMPANY_TYPE, item.company_type) : null,
    status: statusOf(item.company_status),
    address: addressOf(item.address),
    recordUrl: companiesHouseRecordUrl(item.company_number),
  }));
}
