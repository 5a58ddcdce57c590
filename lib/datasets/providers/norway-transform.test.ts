// The Norway normaliser on Brønnøysund's real answers (../shared/spec/company-registries/no-brreg:
// Equinor's unit and roles, a company's accounts), read as the provider reads them: figures exact.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  Enhet,
  orgnrOf,
  RegnskapList,
  Roller,
  toCandidate,
  toFinancials,
  toInformation,
  toOfficers,
} from "@/lib/datasets/providers/norway-transform";
import { parseJsonExact } from "@/lib/datasets/providers/registry-json";

const SAMPLES = path.resolve(__dirname, "../../../../shared/spec/company-registries/no-brreg");
const sample = (file: string) => parseJsonExact(readFileSync(path.join(SAMPLES, file), "utf8"));

const equinor = Enhet.parse(sample("sample-enhet-923609016.json"));
const accounts = RegnskapList.parse(sample("sample-regnskap-964118191.json"));
const roles = Roller.parse(sample("sample-roller-923609016.json"));

describe("Enhetsregisteret → information", () => {
  it("maps Equinor's unit, its business address as the registered one", () => {
    expect(toInformation(equinor)).toEqual({
      legalName: "EQUINOR ASA",
      legalForm: "Allmennaksjeselskap",
      status: "active",
      statusDetail: null,
      registrationNumber: "923609016",
      registrationAuthority: "Brønnøysundregistrene, Enhetsregisteret",
      registeredAddress: {
        lines: ["Forusbeen 50"],
        postalCode: "4035",
        city: "STAVANGER",
        region: null,
        country: "NO",
      },
      foundedOn: "1972-09-18",
      lei: null,
    });
  });

  it("reads a deleted, bankrupt or liquidating unit as inactive, in the register's words", () => {
    const detail = (over: Partial<Enhet>) => {
      const info = toInformation({ ...equinor, ...over });
      return [info.status, info.statusDetail];
    };
    expect(detail({ konkurs: true })).toEqual(["inactive", "Konkurs"]);
    expect(detail({ underAvvikling: true })).toEqual(["inactive", "Under avvikling"]);
    expect(detail({ slettedato: "2025-02-14", konkurs: true })).toEqual(["inactive", "Slettet 2025-02-14, Konkurs"]);
  });

  it("makes a search candidate with the unit's public page", () => {
    expect(toCandidate(equinor)).toMatchObject({
      name: "EQUINOR ASA",
      country: "NO",
      number: "923609016",
      status: "active",
      recordUrl: "https://virksomhet.brreg.no/nb/oppslag/enheter/923609016",
    });
  });
});

describe("Regnskapsregisteret → financials", () => {
  it("maps the latest accounts' key figures as the exact decimal text, no headcount", () => {
    expect(toFinancials(accounts)).toEqual({
      currency: "EUR",
      fiscalYearEnd: "2024-12-31",
      revenue: "1931000000.00",
      netResult: "194000000.00",
      equity: "2919000000.00",
      totalAssets: "6440000000.00",
      employees: null,
    });
  });

  it("takes the latest period, the company's own accounts before the group's; none filed is null", () => {
    const [one] = accounts;
    const older = { ...one, regnskapsperiode: { tilDato: "2023-12-31" }, valuta: "NOK" };
    const group = { ...one, regnskapstype: "KONSERN", valuta: "USD" };
    expect(toFinancials([older, group, one])?.currency).toBe("EUR");
    expect(toFinancials([older])?.fiscalYearEnd).toBe("2023-12-31");
    expect(toFinancials([])).toBeNull();
  });
});

describe("roles → officers", () => {
  it("lists current roles of persons and companies, leaving out deregistered ones", () => {
    const role = (name: string, kind: "person" | "company", r: string) => ({
      name,
      kind,
      role: r,
      appointedOn: null,
      resignedOn: null,
    });
    expect(toOfficers(roles).officers).toEqual([
      role("Kari Nordmann", "person", "Daglig leder"),
      role("Ola Nordmann", "person", "Styrets leder"),
      role("Anne Berg", "person", "Styremedlem"),
      role("Jonas Lie", "person", "Styremedlem"),
      role("Ingrid Dahl", "person", "Varamedlem"),
      role("ERNST & YOUNG AS", "company", "Revisor"),
    ]);
  });
});

describe("organisation numbers", () => {
  it("reads the ways Norwegians write one, and refuses anything else", () => {
    expect(["923 609 016", "NO923609016MVA", "923609016"].map(orgnrOf)).toEqual(Array(3).fill("923609016"));
    expect(orgnrOf("92360901")).toBeNull();
  });
});
