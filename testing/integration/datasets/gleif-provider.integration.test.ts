// The GLEIF provider against GLEIF's fake in the banks, over HTTP: a record by registration number
// and by LEI, its parents as shareholders, the search by name, and each fault mode of the fake. GLEIF
// publishes no OpenAPI: every request is checked against its Postman collection and /fields, every
// answer against a schema derived from its recorded answers (testing/support/contract/gleif.ts).
import { describe, expect, it } from "vitest";
import { createGleifProvider } from "@/lib/datasets/providers/gleif-provider";
import { GLEIF_REGISTER_PREFIX } from "@/sandbox/shared/prefixes";
import { createGleifContract } from "@/testing/support/contract/gleif";
import { registerCalls, registerControl, registerFakeForTestFile } from "@/testing/support/datasets/register-fake";

const fake = registerFakeForTestFile({
  prefix: GLEIF_REGISTER_PREFIX,
  apiBase: "/api/v1",
  specPathBase: "",
  contract: createGleifContract,
});

const provider = () => createGleifProvider({ baseUrl: fake.server.baseUrl, timeoutMs: 5000, isEnabled: true });

const ARVAL_LEI = "969500ARVALSL3522583";
const BNP_PARIBAS = {
  name: "BNP PARIBAS",
  kind: "company",
  ownershipPercent: null,
  relationship: "direct_parent",
  lei: "R0MUWSFPU8MPRO8K5P83",
  country: "FR",
};

describe("GLEIF provider against its fake", () => {
  it("finds Arval Service Lease by SIREN: information, BNP Paribas as its parent, and its record page", async () => {
    const answer = await provider().fetch({ country: "FR", number: "352 256 424" }, ["information", "shareholders"]);
    expect(answer.recordUrl).toBe(`https://search.gleif.org/#/record/${ARVAL_LEI}`);
    expect(answer.subsets.information).toMatchObject({
      legalName: "ARVAL SERVICE LEASE",
      status: "active",
      registrationNumber: "352256424",
      registrationAuthority: "RA000189",
      lei: ARVAL_LEI,
      registeredAddress: { city: "Paris", country: "FR" },
    });
    // BNP Paribas is both its direct and its ultimate parent: listed once.
    expect(answer.subsets.shareholders).toEqual({ shareholders: [BNP_PARIBAS] });
  });

  it("reads a record by LEI when the query has one, whatever the number says", async () => {
    const answer = await provider().fetch({ country: "FR", number: "000000000", lei: ARVAL_LEI }, ["information"]);
    expect(answer.subsets.information).toMatchObject({ legalName: "ARVAL SERVICE LEASE", lei: ARVAL_LEI });
    const apple = await provider().fetch({ country: "US", number: "x", lei: "549300YX4S1LLSMK2627" }, [
      "information",
      "shareholders",
    ]);
    expect(apple.subsets.information).toMatchObject({ legalName: "APPLE ENERGY LLC", registrationNumber: "6021863" });
    // The real sample's parent; no ultimate parent is reported for it (404).
    expect(apple.subsets.shareholders).toEqual({
      shareholders: [
        expect.objectContaining({ name: "Apple Inc.", lei: "HWUPKR0MPOU8FGXBT394", relationship: "direct_parent" }),
      ],
    });
  });

  it("an LEI with wrong check digits costs no request; the registration number still finds the record", async () => {
    const before = await registerCalls(GLEIF_REGISTER_PREFIX);
    const answer = await provider().fetch({ country: "BE", number: "0403.170.701", lei: "969500ARVALSL3522584" }, [
      "information",
    ]);
    expect(answer.subsets.information).toMatchObject({ legalName: "Brouwerij Van Dijk NV" });
    // As typed (no hit), then without separators (the hit): two list requests, no by-LEI request.
    expect(await registerCalls(GLEIF_REGISTER_PREFIX)).toBe(before + 2);
  });

  it("no parent reported → shareholders null; an inactive record is inactive", async () => {
    const northgate = await provider().fetch({ country: "GB", number: "09876543" }, ["shareholders"]);
    expect(northgate.subsets).toEqual({ shareholders: null });
    const bakery = await provider().fetch({ country: "GB", number: "SC612345" }, ["information"]);
    expect(bakery.subsets.information).toMatchObject({ status: "inactive", statusDetail: "INACTIVE" });
  });

  it("searches by legal name within a country", async () => {
    const candidates = await provider().search?.({ name: "arval service lease", country: "fr", limit: 5 });
    expect(candidates).toEqual([
      {
        name: "ARVAL SERVICE LEASE",
        country: "FR",
        number: "352256424",
        lei: ARVAL_LEI,
        legalForm: "K65D",
        status: "active",
        address: {
          lines: ["1 Boulevard Haussmann"],
          postalCode: "75009",
          city: "Paris",
          region: "FR-75",
          country: "FR",
        },
        recordUrl: `https://search.gleif.org/#/record/${ARVAL_LEI}`,
      },
    ]);
    expect(await provider().search?.({ name: "arval", country: "BE", limit: 5 })).toEqual([]);
  });

  it("a company GLEIF does not hold is not_found", async () => {
    await expect(provider().fetch({ country: "FR", number: "552100554" }, ["information"])).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("plays each fault mode, and counts every call", async () => {
    const before = await registerCalls(GLEIF_REGISTER_PREFIX);
    const arval = () => provider().fetch({ country: "FR", number: "352256424" }, ["information"]);
    await registerControl(GLEIF_REGISTER_PREFIX, "mode", { mode: "unavailable" });
    await expect(arval()).rejects.toMatchObject({ code: "unavailable", status: 503 });
    await registerControl(GLEIF_REGISTER_PREFIX, "mode", { mode: "rate_limited", retryAfterSeconds: 60 });
    await expect(arval()).rejects.toMatchObject({ code: "rate_limited", retryAfterSeconds: 60 });
    await registerControl(GLEIF_REGISTER_PREFIX, "mode", { mode: "empty" });
    await expect(arval()).rejects.toMatchObject({ code: "not_found" });
    expect(await provider().search?.({ name: "arval", country: "FR", limit: 5 })).toEqual([]);
    expect(await registerCalls(GLEIF_REGISTER_PREFIX)).toBe(before + 4);
    await registerControl(GLEIF_REGISTER_PREFIX, "reset");
    expect(await registerCalls(GLEIF_REGISTER_PREFIX)).toBe(0);
  });

  it("sent only GLEIF's parameters and answered in the shape of GLEIF's recorded answers", () => {
    const { requests, responses, violations } = fake.server.contract;
    console.log(
      `GLEIF contract: ${requests} requests and ${responses} responses validated, ${violations.length} violations`,
    );
    expect(violations).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(15);
    expect(responses).toBe(requests);
  });
});
