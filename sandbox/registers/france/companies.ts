// What the France fake holds: the register's two recorded answers (data/, as the live API sent them)
// and a few made-up companies in the same shape (each a recorded result with its own facts over it,
// so every field the API sends is there): Arval Service Lease (the company the demo meets through
// bob.company's car lease), a small active SARL and a ceased one. SIRENs pass the Luhn check.
import laPoste from "@/sandbox/registers/france/data/sample-search-356000000-la-poste.json";
import essor from "@/sandbox/registers/france/data/sample-search-487444697.json";

/** One result of GET /search, as the API writes it. */
export type FranceRecord = Record<string, unknown> & { siren: string; nom_complet: string };

const template: Record<string, unknown> = essor.result.results[0];
const templateSiege: Record<string, unknown> = essor.result.results[0].siege;

type Person = { nom: string; prenoms: string; annee: string; qualite: string };
type Firm = { siren: string; denomination: string; qualite: string };

type MadeUp = {
  siren: string;
  nom: string;
  natureJuridique: string;
  activite: string;
  categorie: "PME" | "ETI" | "GE";
  creation: string;
  fermeture: string | null;
  address: { numero: string; type: string; voie: string; codePostal: string; commune: string; libelle: string };
  people: Person[];
  firms: Firm[];
  finances: Record<string, { ca: number; resultat_net: number }>;
};

function madeUp(c: MadeUp): FranceRecord {
  const etat = c.fermeture ? "C" : "A";
  const { numero, type, voie, codePostal, commune, libelle } = c.address;
  return {
    ...template,
    siren: c.siren,
    nom_complet: c.nom,
    nom_raison_sociale: c.nom,
    nombre_etablissements: 1,
    nombre_etablissements_ouverts: c.fermeture ? 0 : 1,
    siege: {
      ...templateSiege,
      activite_principale: c.activite,
      activite_principale_registre_metier: null,
      adresse: `${numero} ${type} ${voie} ${codePostal} ${libelle}`,
      code_postal: codePostal,
      commune,
      date_creation: c.creation,
      date_debut_activite: c.creation,
      date_fermeture: c.fermeture,
      departement: codePostal.slice(0, 2),
      etat_administratif: c.fermeture ? "F" : "A",
      libelle_commune: libelle,
      libelle_voie: voie,
      nom_commercial: null,
      numero_voie: numero,
      siret: `${c.siren}00019`,
      type_voie: type,
    },
    activite_principale: c.activite,
    categorie_entreprise: c.categorie,
    date_creation: c.creation,
    date_fermeture: c.fermeture,
    etat_administratif: etat,
    nature_juridique: c.natureJuridique,
    dirigeants: [
      ...c.people.map((p) => ({
        nom: p.nom,
        prenoms: p.prenoms,
        annee_de_naissance: p.annee,
        date_de_naissance: `${p.annee}-01`,
        qualite: p.qualite,
        nationalite: null,
        type_dirigeant: "personne physique",
      })),
      ...c.firms.map((f) => ({ ...f, type_dirigeant: "personne morale" })),
    ],
    finances: c.finances,
    matching_etablissements: [],
    admin: { slug: `${c.nom.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${c.siren}`, a_acces_espace_agent: false },
  };
}

export const ARVAL_SIREN = "352256424";

const MADE_UP: MadeUp[] = [
  {
    siren: ARVAL_SIREN,
    nom: "ARVAL SERVICE LEASE",
    natureJuridique: "5599",
    activite: "77.11A",
    categorie: "GE",
    creation: "1989-09-01",
    fermeture: null,
    address: {
      numero: "1",
      type: "BD",
      voie: "HAUSSMANN",
      codePostal: "75009",
      commune: "75109",
      libelle: "PARIS",
    },
    people: [
      { nom: "LEROUX", prenoms: "CLAIRE", annee: "1968", qualite: "Président du conseil d'administration" },
      { nom: "MARCHAND", prenoms: "THOMAS", annee: "1972", qualite: "Directeur général" },
      { nom: "FAURE", prenoms: "ISABELLE", annee: "1975", qualite: "Directeur général délégué" },
      { nom: "GIRAUD", prenoms: "PHILIPPE", annee: "1963", qualite: "Administrateur" },
    ],
    firms: [
      { siren: "572028041", denomination: "DELOITTE & ASSOCIES", qualite: "Commissaire aux comptes titulaire" },
      { siren: "784824153", denomination: "MAZARS", qualite: "Commissaire aux comptes titulaire" },
    ],
    finances: {
      "2023": { ca: 9_412_000_000, resultat_net: 598_000_000 },
      "2024": { ca: 10_156_000_000, resultat_net: 671_000_000 },
    },
  },
  {
    siren: "812345676",
    nom: "ATELIER MOREAU",
    natureJuridique: "5499",
    activite: "31.09B",
    categorie: "PME",
    creation: "2015-06-22",
    fermeture: null,
    address: {
      numero: "14",
      type: "RUE",
      voie: "DES TANNEURS",
      codePostal: "69002",
      commune: "69382",
      libelle: "LYON",
    },
    people: [{ nom: "MOREAU", prenoms: "JULIEN", annee: "1981", qualite: "Gérant" }],
    firms: [],
    finances: { "2023": { ca: 1_284_530, resultat_net: 96_210 } },
  },
  {
    siren: "823456785",
    nom: "TRANSPORTS DUVAL ET FILS",
    natureJuridique: "5710",
    activite: "49.41A",
    categorie: "PME",
    creation: "2016-11-03",
    fermeture: "2024-06-30",
    address: { numero: "3", type: "ZA", voie: "DU PORT SEC", codePostal: "59000", commune: "59350", libelle: "LILLE" },
    people: [{ nom: "DUVAL", prenoms: "MARC", annee: "1970", qualite: "Président de SAS" }],
    firms: [],
    finances: { "2022": { ca: 2_310_400, resultat_net: -418_900 } },
  },
];

/** Every company the fake holds, the recorded ones first. */
export const FRANCE_COMPANIES: FranceRecord[] = [
  ...laPoste.result.results,
  ...essor.result.results,
  ...MADE_UP.map(madeUp),
];
