// GLEIF JSON:API documents (fixtures in the documented shape) → normalised subsets.
import { describe, expect, it } from "vitest";
import search from "@/lib/datasets/providers/fixtures/gleif-lei-records-search.json";
import directDoc from "@/lib/datasets/providers/fixtures/gleif-direct-parent.json";
import ultimateDoc from "@/lib/datasets/providers/fixtures/gleif-ultimate-parent.json";
import {
  GleifListDocument,
  GleifSingleDocument,
  numberCandidates,
  toInformation,
  toShareholders,
} from "@/lib/datasets/providers/gleif-transform";

const record = GleifListDocument.parse(search).data[0];
const direct = GleifSingleDocument.parse(directDoc).data;
const ultimate = GleifSingleDocument.parse(ultimateDoc).data;

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
