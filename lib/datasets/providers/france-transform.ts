// recherche-entreprises (France's company search, DINUM) → the normalised subsets. The answer's
// figures arrive as decimal strings (registry-json.ts), so turnover and net result stay exact.
// What the API does not give stays null: no equity, no total assets, no LEI; and no employee count,
// since `tranche_effectif_salarie` is a headcount band (INSEE codes such as "12" = 20 to 49), not a number.
import { z } from "zod";
import type { Address, CompanyCandidate, CompanyInformation, SubsetPayloads } from "@/lib/datasets/providers/types";

const figure = z.string().regex(/^-?\d+(\.\d+)?$/);
const text = z.string().nullish();

const Siege = z.object({
  siret: text,
  adresse: text,
  complement_adresse: text,
  numero_voie: text,
  indice_repetition: text,
  type_voie: text,
  libelle_voie: text,
  distribution_speciale: text,
  code_postal: text,
  libelle_commune: text,
  libelle_commune_etranger: text,
  libelle_pays_etranger: text,
});

const Dirigeant = z.object({
  type_dirigeant: text,
  nom: text,
  prenoms: text,
  denomination: text,
  siren: text,
  qualite: text,
});

export const FranceResult = z.object({
  siren: z.string(),
  nom_complet: text,
  nom_raison_sociale: text,
  nature_juridique: text,
  etat_administratif: text,
  date_creation: text,
  date_fermeture: text,
  siege: Siege.nullish(),
  dirigeants: z.array(Dirigeant).nullish(),
  finances: z.record(z.string(), z.object({ ca: figure.nullish(), resultat_net: figure.nullish() })).nullish(),
  // Present when the register includes the registration (the site's own client asks for it).
  immatriculation: z.object({ date_cloture_exercice: text }).nullish(),
});
export type FranceResult = z.infer<typeof FranceResult>;

export const FrancePayload = z.object({ results: z.array(FranceResult) });

export const FRANCE_AUTHORITY = "INSEE, répertoire Sirene";

/** The company's public page on annuaire-entreprises.data.gouv.fr, the register's own site. */
export const franceRecordUrl = (siren: string) => `https://annuaire-entreprises.data.gouv.fr/entreprise/${siren}`;

/** A SIREN (9 digits) or a SIRET (14: its first 9 are the SIREN), spaces and dots dropped; null otherwise. */
export function sirenOf(number: string): string | null {
  const digits = number.replace(/[\s.]/g, "");
  return /^\d{9}$/.test(digits) || /^\d{14}$/.test(digits) ? digits.slice(0, 9) : null;
}

// INSEE's catégories juridiques the register's companies mostly have; any other is named by its code.
const LEGAL_FORMS: Record<string, string> = {
  "1000": "Entrepreneur individuel",
  "5410": "SARL nationale",
  "5499": "Société à responsabilité limitée (sans autre indication)",
  "5498": "SARL unipersonnelle",
  "5510": "SA nationale à conseil d'administration",
  "5599": "SA à conseil d'administration (s.a.i.)",
  "5699": "SA à directoire (s.a.i.)",
  "5710": "SAS, société par actions simplifiée",
  "5720": "Société par actions simplifiée à associé unique",
  "6540": "Société civile immobilière",
  "9220": "Association déclarée",
};

const legalFormOf = (code: string | null | undefined) =>
  code ? (LEGAL_FORMS[code] ?? `Catégorie juridique ${code}`) : null;

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" ");

function addressOf(siege: FranceResult["siege"]): Address | null {
  if (!siege) return null;
  if (siege.libelle_pays_etranger)
    return {
      lines: siege.adresse ? [siege.adresse] : [],
      postalCode: null,
      city: siege.libelle_commune_etranger ?? null,
      region: null,
      country: siege.libelle_pays_etranger,
    };
  const street = joined(siege.numero_voie, siege.indice_repetition, siege.type_voie, siege.libelle_voie);
  const lines = [siege.complement_adresse, street, siege.distribution_speciale].filter((l): l is string => !!l);
  return {
    lines,
    postalCode: siege.code_postal ?? null,
    city: siege.libelle_commune ?? null,
    region: null,
    country: "FR",
  };
}

/** "C" (cessée) is the only closed state the register knows; "A" is active. */
function statusOf(result: FranceResult): Pick<CompanyInformation, "status" | "statusDetail"> {
  if (result.etat_administratif === "A") return { status: "active", statusDetail: null };
  if (result.etat_administratif === "C")
    return {
      status: "inactive",
      statusDetail: result.date_fermeture ? `Cessée le ${result.date_fermeture}` : "Cessée",
    };
  return { status: "unknown", statusDetail: result.etat_administratif ?? null };
}

export function toInformation(result: FranceResult): CompanyInformation {
  return {
    legalName: result.nom_raison_sociale || result.nom_complet || result.siren,
    legalForm: legalFormOf(result.nature_juridique),
    ...statusOf(result),
    registrationNumber: result.siren,
    registrationAuthority: FRANCE_AUTHORITY,
    registeredAddress: addressOf(result.siege),
    foundedOn: result.date_creation ?? null,
    lei: null,
  };
}

/**
 * The latest year of `finances`. The year closes on `date_cloture_exercice` (DDMM) when the answer
 * carries the registration, else on 31 December, the closing date of most French companies.
 */
export function toFinancials(result: FranceResult): SubsetPayloads["financials"] | null {
  const years = Object.keys(result.finances ?? {}).filter((y) => /^\d{4}$/.test(y));
  if (years.length === 0) return null;
  const year = years.sort().at(-1) as string;
  const figures = result.finances?.[year];
  const closing = /^(\d{2})(\d{2})$/.exec(result.immatriculation?.date_cloture_exercice ?? "");
  return {
    currency: "EUR",
    fiscalYearEnd: closing ? `${year}-${closing[2]}-${closing[1]}` : `${year}-12-31`,
    revenue: figures?.ca ?? null,
    netResult: figures?.resultat_net ?? null,
    equity: null,
    totalAssets: null,
    employees: null,
  };
}

/** `dirigeants`: people (nom, prénoms) and companies (dénomination), each with its `qualite` as the role. */
export function toOfficers(result: FranceResult): SubsetPayloads["officers"] {
  return {
    officers: (result.dirigeants ?? []).map((d) => {
      const company = d.type_dirigeant === "personne morale";
      return {
        name: company ? (d.denomination ?? d.siren ?? "") : joined(d.prenoms, d.nom),
        kind: company ? "company" : "person",
        // The register leaves some roles unstated (the State as La Poste's officer): empty, not guessed.
        role: d.qualite ?? "",
        appointedOn: null,
        resignedOn: null,
      };
    }),
  };
}

export function toCandidate(result: FranceResult): CompanyCandidate {
  const information = toInformation(result);
  return {
    name: result.nom_complet || information.legalName,
    country: "FR",
    number: result.siren,
    lei: null,
    legalForm: information.legalForm,
    status: information.status,
    address: information.registeredAddress,
    recordUrl: franceRecordUrl(result.siren),
  };
}
