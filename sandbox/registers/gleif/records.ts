// What the GLEIF fake holds, as lei-records in the JSON:API shape GLEIF answers: GLEIF's real samples
// (records/lei-record-…, records/direct-parent-…: Apple Energy LLC and its parent Apple Inc.), the
// Belgian brewery the lookup's tests have always used and its two parents (records/be-…), and made-up
// records with valid ISO 17442 check digits: Arval Service Lease (FR 352256424) under BNP Paribas,
// a UK company Companies House also holds, and one whose LEI lapsed when it was dissolved.
import belgianParent from "@/sandbox/registers/gleif/records/be-0403170701-direct-parent.json";
import belgianSearch from "@/sandbox/registers/gleif/records/be-0403170701-search.json";
import belgianUltimate from "@/sandbox/registers/gleif/records/be-0403170701-ultimate-parent.json";
import appleParent from "@/sandbox/registers/gleif/records/direct-parent-549300YX4S1LLSMK2627.json";
import appleEnergy from "@/sandbox/registers/gleif/records/lei-record-549300YX4S1LLSMK2627.json";

export type LeiRecord = {
  type: "lei-records";
  id: string;
  attributes: {
    lei: string;
    entity: {
      legalName: { name: string; language: string | null };
      legalAddress: { country: string };
      registeredAs: string | null;
      status: string;
    } & Record<string, unknown>;
  } & Record<string, unknown>;
} & Record<string, unknown>;

/** Links in the records name GLEIF's API; the fake rewrites this root to its own when it answers. */
export const GLEIF_API_ROOT = "https://api.gleif.org/api/v1";

type Address = { lines: string[]; city: string; region: string | null; country: string; postalCode: string };

function made(r: {
  lei: string;
  name: string;
  language: string;
  address: Address;
  registeredAt: string;
  registeredAs: string;
  jurisdiction: string;
  legalForm: string;
  created: string;
  status?: "ACTIVE" | "INACTIVE";
  registration?: "ISSUED" | "LAPSED";
}): LeiRecord {
  const address = {
    language: r.language,
    addressLines: r.address.lines,
    addressNumber: null,
    addressNumberWithinBuilding: null,
    mailRouting: null,
    city: r.address.city,
    region: r.address.region,
    country: r.address.country,
    postalCode: r.address.postalCode,
  };
  const authority = { id: r.registeredAt, other: null };
  const link = (what: string) => `${GLEIF_API_ROOT}/lei-records/${r.lei}/${what}`;
  const parent = (kind: string) => ({
    links: { "relationship-record": link(`${kind}-relationship`), "lei-record": link(kind) },
  });
  return {
    type: "lei-records",
    id: r.lei,
    attributes: {
      lei: r.lei,
      entity: {
        legalName: { name: r.name, language: r.language },
        otherNames: [],
        transliteratedOtherNames: [],
        legalAddress: address,
        headquartersAddress: address,
        registeredAt: authority,
        registeredAs: r.registeredAs,
        jurisdiction: r.jurisdiction,
        category: "GENERAL",
        legalForm: { id: r.legalForm, other: null },
        associatedEntity: { lei: null, name: null },
        status: r.status ?? "ACTIVE",
        expiration: { date: null, reason: null },
        successorEntity: { lei: null, name: null },
        successorEntities: [],
        creationDate: `${r.created}T00:00:00Z`,
        subCategory: null,
        otherAddresses: [],
        eventGroups: [],
      },
      registration: {
        initialRegistrationDate: "2013-06-14T09:00:00Z",
        lastUpdateDate: "2026-06-02T08:30:00Z",
        status: r.registration ?? "ISSUED",
        nextRenewalDate: "2027-06-14T09:00:00Z",
        managingLou: "969500Q2MA9VBQ8BG884",
        corroborationLevel: "FULLY_CORROBORATED",
        validatedAt: authority,
        validatedAs: r.registeredAs,
        otherValidationAuthorities: [],
      },
      bic: null,
      mic: null,
      ocid: null,
      qcc: null,
      spglobal: [],
      conformityFlag: "CONFORMING",
    },
    relationships: {
      "managing-lou": { links: { related: link("managing-lou") } },
      "lei-issuer": { links: { related: link("lei-issuer") } },
      "field-modifications": { links: { related: link("field-modifications") } },
      "direct-parent": parent("direct-parent"),
      "ultimate-parent": parent("ultimate-parent"),
    },
    links: { self: `${GLEIF_API_ROOT}/lei-records/${r.lei}` },
  };
}

const PARIS = { city: "Paris", region: "FR-75", country: "FR" };

// BNP Paribas's LEI is its real one; its record and Arval's are otherwise made up (realistic, not exact).
const BNP_PARIBAS = made({
  lei: "R0MUWSFPU8MPRO8K5P83",
  name: "BNP PARIBAS",
  language: "fr",
  address: { lines: ["16 Boulevard des Italiens"], postalCode: "75009", ...PARIS },
  registeredAt: "RA000189",
  registeredAs: "662042449",
  jurisdiction: "FR",
  legalForm: "K65D",
  created: "1966-05-17",
});
const ARVAL = made({
  lei: "969500ARVALSL3522583",
  name: "ARVAL SERVICE LEASE",
  language: "fr",
  address: { lines: ["1 Boulevard Haussmann"], postalCode: "75009", ...PARIS },
  registeredAt: "RA000189",
  registeredAs: "352256424",
  jurisdiction: "FR",
  legalForm: "K65D",
  created: "1989-11-29",
});
// RA000585: Companies House's code in GLEIF's list of registration authorities.
const NORTHGATE = made({
  lei: "213800NGLOGI09876510",
  name: "NORTHGATE LOGISTICS PLC",
  language: "en",
  address: { lines: ["Unit 4", "Canal Wharf"], city: "Leeds", region: "GB-LDS", country: "GB", postalCode: "LS11 5PS" },
  registeredAt: "RA000585",
  registeredAs: "09876543",
  jurisdiction: "GB",
  legalForm: "B6ES",
  created: "2015-11-20",
});
const HARBOUR_LANE = made({
  lei: "213800HLBAKE61234548",
  name: "HARBOUR LANE BAKERY LTD",
  language: "en",
  address: {
    lines: ["22 Harbour Lane"],
    city: "Aberdeen",
    region: "GB-ABE",
    country: "GB",
    postalCode: "AB11 5DQ",
  },
  registeredAt: "RA000585",
  registeredAs: "SC612345",
  jurisdiction: "GB-SCT",
  legalForm: "H0PO",
  created: "2018-10-03",
  status: "INACTIVE",
  registration: "LAPSED",
});

const belgian = belgianSearch.data[0] as LeiRecord;
const belgianDirect = belgianParent.data as LeiRecord;
const belgianUltimateParent = belgianUltimate.data as LeiRecord;
const apple = appleEnergy.data as LeiRecord;
const appleInc = appleParent.data as LeiRecord;

/** Every record the fake holds, in the order a list answers them. */
export const GLEIF_RECORDS: readonly LeiRecord[] = [
  ARVAL,
  BNP_PARIBAS,
  belgian,
  belgianDirect,
  belgianUltimateParent,
  apple,
  appleInc,
  NORTHGATE,
  HARBOUR_LANE,
];

/** Level 2: each child's direct and ultimate parent, by LEI; a child missing here reports none (404). */
export const GLEIF_PARENTS: Readonly<Record<string, { direct?: string; ultimate?: string }>> = {
  [ARVAL.id]: { direct: BNP_PARIBAS.id, ultimate: BNP_PARIBAS.id },
  [belgian.id]: { direct: belgianDirect.id, ultimate: belgianUltimateParent.id },
  [apple.id]: { direct: appleInc.id },
};

/** The publication the answers' meta names (GLEIF's golden copy), fixed so answers are stable. */
export const GOLDEN_COPY = { publishDate: "2026-11-20T08:00:00Z" };
