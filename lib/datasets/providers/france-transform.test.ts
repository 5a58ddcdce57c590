// The France normaliser on the register's real answers (../shared/spec/company-registries/
// fr-recherche-entreprises: La Poste and Essor Energies, recorded from the live API), read as the
// provider reads them: numbers kept as decimal text.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  FrancePayload,
  sirenOf,
  toCandidate,
  toFinancials,
  toInformation,
  toOfficers,
  type FranceResult,
} from "@/lib/datasets/providers/france-transform";
import { parseJsonExact } from "@/lib/datasets/providers/registry-json";

const SAMPLES = path.resolve(__dirname, "../../../../shared/spec/company-registries/fr-recherche-entreprises");

/** The API's body inside a recorded sample (the recording wraps it as {searchTerms, result}). */
function sample(file: string): FranceResult {
  const text = readFileSync(path.join(SAMPLES, file), "utf8");
  const wrapped = parseJsonExact(text) as { result: unknown };
  return FrancePayload.parse(wrapped.result).results[0];
}

const laPoste = sample("sample-search-356000000-la-poste.json");
const essor = sample("sample-search-487444697.json");

describe("recherche-entreprises → information", () => {
  it("maps La Poste's record, its head office as the registered address", () => {
    expect(toInformation(laPoste)).toEqual({
      legalName: "LA POSTE",
      legalForm: "SA nationale à conseil d'administration",
      status: "active",
      statusDetail: null,
      registrationNumber: "356000000",
      registrationAuthority: "INSEE, répertoire Sirene",
      registeredAddress: {
        lines: ["DIRECTION GENERALE DE LA POSTE", "9 RUE DU COLONEL PIERRE AVIA"],
        postalCode: "75015",
        city: "PARIS",
        region: null,
        country: "FR",
      },
      foundedOn: "1991-01-01",
      lei: null,
    });
  });

  it("names a known legal form, and reads a ceased company (etat_administratif C) as inactive in words", () => {
    const info = toInformation(essor);
    expect([info.legalName, info.legalForm]).toEqual([
      "ESSOR ENERGIES",
      "Société à responsabilité limitée (sans autre indication)",
    ]);
    expect(info.registeredAddress?.lines).toEqual(["22 RUE MAISON BLANCHE"]);
    const ceased = toInformation({ ...essor, etat_administratif: "C", date_fermeture: "2024-06-30" });
    expect([ceased.status, ceased.statusDetail]).toEqual(["inactive", "Cessée le 2024-06-30"]);
    expect(toInformation({ ...essor, etat_administratif: "C", date_fermeture: null }).statusDetail).toBe("Cessée");
  });
});

describe("recherche-entreprises → financials", () => {
  it("takes the latest year: turnover and net result exactly, the rest null (no headcount from a band)", () => {
    expect(toFinancials(laPoste)).toEqual({
      currency: "EUR",
      fiscalYearEnd: "2024-12-31",
      revenue: "34569000000",
      netResult: "1722000000",
      equity: null,
      totalAssets: null,
      employees: null,
    });
    expect(toFinancials(essor)).toMatchObject({
      fiscalYearEnd: "2022-12-31",
      revenue: "1848367",
      netResult: "-693623",
    });
  });

  it("picks the latest of several years, closes it on date_cloture_exercice, and is null without finances", () => {
    const years = {
      ...essor,
      finances: { "2021": { ca: "1", resultat_net: "2" }, "2023": { ca: "3", resultat_net: "-4" } },
      immatriculation: { date_cloture_exercice: "3006" },
    };
    expect(toFinancials(years)).toMatchObject({ fiscalYearEnd: "2023-06-30", revenue: "3", netResult: "-4" });
    expect(toFinancials({ ...essor, finances: {} })).toBeNull();
    expect(toFinancials({ ...essor, finances: null })).toBeNull();
  });
});

describe("recherche-entreprises → officers", () => {
  it("lists persons and companies with their qualité as the role", () => {
    const { officers } = toOfficers(laPoste);
    expect(officers).toHaveLength(23);
    expect(officers[0]).toEqual({
      name: "IRENE BAUDRY",
      kind: "person",
      role: "Autre",
      appointedOn: null,
      resignedOn: null,
    });
    expect(officers.filter((o) => o.kind === "company").map((o) => [o.name, o.role])).toEqual([
      ["SALUSTRO REYDEL", "Commissaire aux comptes suppléant"],
      ["KPMG S.A.", "Commissaire aux comptes titulaire"],
      ["MAZARS", "Commissaire aux comptes titulaire"],
      ["L'ETAT", ""],
    ]);
    expect(toOfficers(essor).officers.map((o) => [o.name, o.role])).toEqual([
      ["DAVID JEAN CLAUDE POUYANNE (POUYANNE)", "Gérant"],
      ["DAVID JEAN-CLAUDE POUYANNE", "Gérant"],
    ]);
  });
});

describe("recherche-entreprises → search candidates and numbers", () => {
  it("makes a candidate with its public page", () => {
    expect(toCandidate(essor)).toMatchObject({
      name: "ESSOR ENERGIES (SOLARSUD)",
      country: "FR",
      number: "487444697",
      status: "active",
      recordUrl: "https://annuaire-entreprises.data.gouv.fr/entreprise/487444697",
    });
  });

  it("reads a SIRET as its SIREN, and refuses anything else", () => {
    expect(sirenOf("352 256 424")).toBe("352256424");
    expect(sirenOf("35225642400010")).toBe("352256424");
    expect(sirenOf("3522564")).toBeNull();
    expect(sirenOf("FR352256424")).toBeNull();
  });
});
