// Companies House normalisers on the register's real answers (../shared/spec/company-registries/
// uk-companies-house: a company profile and a persons-with-significant-control list), and the code
// tables against the register's own enumerations.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  ChCompanyProfile,
  ChCompanySearch,
  ChOfficerList,
  ChPscList,
  ownershipBandOf,
  toCandidates,
  toInformation,
  toOfficers,
  toShareholders,
} from "@/lib/datasets/providers/companies-house-transform";
import {
  COMPANY_STATUS,
  COMPANY_STATUS_DETAIL,
  COMPANY_TYPE,
  OFFICER_ROLE,
} from "@/lib/datasets/providers/companies-house-words";
import { SUBSET_PAYLOADS } from "@/lib/datasets/providers/types";

const SPEC = path.resolve(__dirname, "../../../../shared/spec/company-registries/uk-companies-house");
const sample = (name: string): unknown => JSON.parse(readFileSync(path.join(SPEC, name), "utf8"));

describe("Companies House normalisers on the real samples", () => {
  it("a company profile → information", () => {
    const information = toInformation(ChCompanyProfile.parse(sample("sample-company-profile-08957400.json")));
    expect(information).toEqual({
      legalName: "CANDOUR GROUP LIMITED",
      legalForm: "Private limited company",
      status: "active",
      statusDetail: "Active",
      registrationNumber: "08957400",
      registrationAuthority: "Companies House",
      registeredAddress: {
        lines: ["71 New Dover Road"],
        postalCode: "CT1 3DZ",
        city: "Canterbury",
        region: null,
        country: "GB",
      },
      foundedOn: "2014-03-25",
      lei: null,
    });
    expect(SUBSET_PAYLOADS.information.parse(information)).toEqual(information);
  });

  it("persons with significant control → the one still in control, with its band and no invented figure", () => {
    const shareholders = toShareholders(ChPscList.parse(sample("sample-psc-list-04053514.json")));
    expect(shareholders).toEqual({
      shareholders: [
        {
          name: "Yorkshire Air Ambulance Ltd",
          kind: "company",
          ownershipPercent: null,
          ownershipBand: "75-100",
          relationship: "shareholder",
          lei: null,
          country: null,
        },
      ],
    });
    expect(SUBSET_PAYLOADS.shareholders.parse(shareholders)).toEqual(shareholders);
  });
});

describe("Companies House normalisers on the other answers", () => {
  it("a struck-off company is inactive, with the register's words", () => {
    const profile = ChCompanyProfile.parse({
      ...(sample("sample-company-profile-08957400.json") as object),
      company_status: "dissolved",
    });
    expect(toInformation(profile)).toMatchObject({ status: "inactive", statusDetail: "Dissolved" });
    const proposal = ChCompanyProfile.parse({
      ...(sample("sample-company-profile-08957400.json") as object),
      company_status_detail: "active-proposal-to-strike-off",
    });
    expect(toInformation(proposal)).toMatchObject({
      status: "active",
      statusDetail: "Active: Active proposal to strike off",
    });
  });

  it("officers, serving and resigned, people and companies, in the register's words", () => {
    const list = ChOfficerList.parse({
      items: [
        { name: "DOE, Jane", officer_role: "director", appointed_on: "2014-03-25" },
        {
          name: "ACME SECRETARIES LTD",
          officer_role: "corporate-secretary",
          appointed_on: "2015-01-02",
          resigned_on: "2019-06-30",
        },
      ],
    });
    expect(toOfficers(list)).toEqual({
      officers: [
        { name: "DOE, Jane", kind: "person", role: "Director", appointedOn: "2014-03-25", resignedOn: null },
        {
          name: "ACME SECRETARIES LTD",
          kind: "company",
          role: "Secretary",
          appointedOn: "2015-01-02",
          resignedOn: "2019-06-30",
        },
      ],
    });
  });

  it("share bands from the natures of control; none without a share nature", () => {
    expect(ownershipBandOf(["voting-rights-25-to-50-percent", "ownership-of-shares-25-to-50-percent"])).toBe("25-50");
    expect(ownershipBandOf(["ownership-of-shares-50-to-75-percent-as-trust"])).toBe("50-75");
    expect(ownershipBandOf(["significant-influence-or-control"])).toBeNull();
  });

  it("no controller left → null, so the lookup can ask another provider", () => {
    expect(toShareholders(ChPscList.parse({ items: [] }))).toBeNull();
  });

  it("search results → candidates with the record's page", () => {
    const search = ChCompanySearch.parse({
      items: [
        {
          title: "CANDOUR GROUP LIMITED",
          company_number: "08957400",
          company_status: "active",
          company_type: "ltd",
          address: { address_line_1: "71 New Dover Road", locality: "Canterbury", postal_code: "CT1 3DZ" },
        },
      ],
    });
    expect(toCandidates(search)).toEqual([
      {
        name: "CANDOUR GROUP LIMITED",
        country: "GB",
        number: "08957400",
        lei: null,
        legalForm: "Private limited company",
        status: "active",
        address: {
          lines: ["71 New Dover Road"],
          postalCode: "CT1 3DZ",
          city: "Canterbury",
          region: null,
          country: "GB",
        },
        recordUrl: "https://find-and-update.company-information.service.gov.uk/company/08957400",
      },
    ]);
  });
});

describe("the code tables", () => {
  it("say what the register's enumerations say", () => {
    const constants = parse(readFileSync(path.join(SPEC, "enumerations/constants.yml"), "utf8")) as Record<
      string,
      Record<string, string>
    >;
    const tables = [
      [COMPANY_STATUS, "company_status"],
      [COMPANY_STATUS_DETAIL, "company_status_detail"],
      [COMPANY_TYPE, "type"],
      [OFFICER_ROLE, "officer_role"],
    ] as const;
    for (const [table, name] of tables) {
      const source = constants[name === "type" ? "company_type" : name];
      expect(Object.keys(table).length, name).toBeGreaterThan(0);
      for (const [code, words] of Object.entries(table)) expect(source[code]?.trim(), `${name} ${code}`).toBe(words);
    }
  });
});
