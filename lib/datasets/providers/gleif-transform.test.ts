// GLEIF JSON:API documents → normalised subsets: GLEIF's real answers (../shared/spec/company-registries/
// gleif) and the made-up Belgian company the banks' GLEIF fake serves (its records, read as files:
// the product's code never imports the banks).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  GleifListDocument,
  GleifSingleDocument,
  numberCandidates,
  toCandidate,
  toInformation,
  toShareholders,
} from "@/lib/datasets/providers/gleif-transform";
import { SUBSET_PAYLOADS } from "@/lib/datasets/providers/types";

const ROOT = path.resolve(__dirname, "../../..");
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.resolve(ROOT, file), "utf8"));
const FAKE = "sandbox/registers/gleif/records";
const SPEC = "../shared/spec/company-registries/gleif";

const record = GleifListDocument.parse(readJson(`${FAKE}/be-0403170701-search.json`)).data[0];
const direct = GleifSingleDocument.parse(readJson(`${FAKE}/be-0403170701-direct-parent.json`)).data;
const ultimate = GleifSingleDocument.parse(readJson(`${FAKE}/be-0403170701-ultimate-parent.json`)).data;

describe("GLEIF transform on GLEIF's real answers", () => {
  const apple = GleifSingleDocument.parse(readJson(`${SPEC}/sample-lei-record-549300YX4S1LLSMK2627.json`)).data;
  const parent = GleifSingleDocument.parse(readJson(`${SPEC}/sample-direct-parent-549300YX4S1LLSMK2627.json`)).data;

  it("a lei-record → information, valid as the subset's payload", () => {
    const information = toInformation(apple, "6021863");
    expect(information).toEqual({
      legalName: "APPLE ENERGY LLC",
      legalForm: "HZEH",
      status: "active",
      statusDetail: "ACTIVE",
      registrationNumber: "6021863",
      registrationAuthority: "RA000602",
      registeredAddress: {
        lines: ["c/o The Corporation Trust Company", "Corporation Trust Center", "1209 Orange Street"],
        postalCode: "19801",
        city: "Wilmington",
        region: "US-DE",
        country: "US",
      },
      foundedOn: "2016-05-20",
      lei: "549300YX4S1LLSMK2627",
    });
    expect(SUBSET_PAYLOADS.information.parse(information)).toEqual(information);
  });

  it("its direct parent → a shareholder; a record → a search candidate with its page", () => {
    expect(toShareholders(parent, null)?.shareholders).toEqual([
      {
        name: parent.attributes.entity.legalName.name,
        kind: "company",
        ownershipPercent: null,
        relationship: "direct_parent",
        lei: "HWUPKR0MPOU8FGXBT394",
        country: parent.attributes.entity.legalAddress.country,
      },
    ]);
    expect(toCandidate(apple)).toMatchObject({
      name: "APPLE ENERGY LLC",
      country: "US",
      number: "6021863",
      lei: "549300YX4S1LLSMK2627",
      status: "active",
      recordUrl: "https://search.gleif.org/#/record/549300YX4S1LLSMK2627",
    });
  });
});

describe("GLEIF transform", () => {
  it("maps a lei-record to company information", () => {
    expect(toInformation(record, "0403.170.701")).toEqual({
      legalName: "Brouwerij Van Dijk NV",
      legalForm: "R85P",
      status: "active",
      statusDetail: "ACTIVE",
      registrationNumber: "0403170701",
      registrationAuthority: "RA000025",
      registeredAddress: {
        lines: ["Kerkstraat 12"],
        postalCode: "9000",
        city: "Gent",
        region: "BE-VOV",
        country: "BE",
      },
      foundedOn: "1998-03-12",
      lei: "5493004LLDEMO0BE0042",
    });
  });

  it("maps Level 2 parents to shareholders without inventing percentages", () => {
    expect(toShareholders(direct, ultimate)?.shareholders).toEqual([
      {
        name: "Van Dijk Holding NV",
        kind: "company",
        ownershipPercent: null,
        relationship: "direct_parent",
        lei: "5493004LLDEMO0BE0007",
        country: "BE",
      },
      {
        name: "Noordzee Brouwerijgroep N.V.",
        kind: "company",
        ownershipPercent: null,
        relationship: "ultimate_parent",
        lei: "724500LLDEMO0NL00099",
        country: "NL",
      },
    ]);
  });

  it("lists a parent that is both direct and ultimate once; no parents → null (the lookup falls back)", () => {
    expect(toShareholders(direct, direct)?.shareholders).toHaveLength(1);
    expect(toShareholders(null, null)).toBeNull();
  });

  it("rejects documents of an unexpected shape instead of crashing later", () => {
    expect(GleifListDocument.safeParse({ data: [{ type: "lei-records", id: "x", attributes: {} }] }).success).toBe(
      false,
    );
    expect(GleifListDocument.safeParse({ errors: [] }).success).toBe(false);
  });

  it("tries the number as typed and without separators", () => {
    expect(numberCandidates(" 0403.170.701 ")).toEqual(["0403.170.701", "0403170701"]);
    expect(numberCandidates("HRB 1234")).toEqual(["HRB 1234", "HRB1234"]);
    expect(numberCandidates("12345678")).toEqual(["12345678"]);
  });
});
