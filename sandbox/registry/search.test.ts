// The sandbox registry's name search: the same well-formed number for the same name, one that the
// registry holds a company under, in every country it answers for.
import { describe, expect, it } from "vitest";
import { checkRegistrationNumber } from "@/lib/datasets/registration-number";
import { sandboxCompany } from "@/sandbox/registry/companies";
import { SEARCH_COUNTRIES, sandboxSearch } from "@/sandbox/registry/search";

const SEED = "unit-test-seed";
const NAMES = ["Arval Service Lease", "Allianz Benelux SA", "Toll Collect GmbH", "Exact Software B.V.", "x y"];

describe("sandbox registry search", () => {
  it("answers every country it holds with a number that passes the country's own check, and a company under it", () => {
    expect([...SEARCH_COUNTRIES].sort()).toEqual(["BE", "DE", "ES", "FR", "IT", "NL"]);
    for (const country of SEARCH_COUNTRIES) {
      for (const name of NAMES) {
        const [found] = sandboxSearch({ name, country }, SEED);
        expect(checkRegistrationNumber(country, found.number), `${country} ${found.number}`).toEqual({
          ok: true,
          number: found.number,
        });
        expect(found.name).toBe(name);
        const company = sandboxCompany({ country, number: found.number }, SEED);
        expect(found.status).toBe(company?.information.status);
        expect(found.address).toEqual(company?.information.registeredAddress);
      }
    }
  });

  it("finds the same company for the same name (spacing and case aside), another for another name", () => {
    const one = sandboxSearch({ name: "Arval Service Lease", country: "FR" }, SEED);
    expect(sandboxSearch({ name: "  arval   service LEASE ", country: "FR" }, SEED)[0].number).toBe(one[0].number);
    expect(sandboxSearch({ name: "Arval", country: "FR" }, SEED)[0].number).not.toBe(one[0].number);
    expect(sandboxSearch({ name: "Arval Service Lease", country: "FR" }, "other seed")[0].number).not.toBe(
      one[0].number,
    );
  });

  it("finds nothing in a country it does not hold, or for a name under two characters", () => {
    expect(sandboxSearch({ name: "Arval Service Lease", country: "PT" }, SEED)).toEqual([]);
    expect(sandboxSearch({ name: " a ", country: "FR" }, SEED)).toEqual([]);
  });
});
