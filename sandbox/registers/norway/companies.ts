// What the Norway fake holds: Brønnøysund's recorded answers (data/: Equinor's unit and roles, the
// accounts of 964118191, as the live registers sent them) and two made-up units in the same shape —
// Fjordlink Logistikk AS (accounts with øre, roles) and Nordkapp Fisk AS, bankrupt and deleted.
// Organisation numbers pass the mod-11 check. Accounts are kept as the JSON text they are served in,
// so their decimals ("6440000000.00") reach the provider as written.
import { readFileSync } from "node:fs";
import equinor from "@/sandbox/registers/norway/data/sample-enhet-923609016.json";
import equinorRoles from "@/sandbox/registers/norway/data/sample-roller-923609016.json";

const UNITS = "https://data.brreg.no/enhetsregisteret/api";

const text = (file: string) => readFileSync(new URL(`./data/${file}`, import.meta.url), "utf8");

const code = (kode: string, beskrivelse: string, link?: string) => ({
  kode,
  beskrivelse,
  ...(link ? { _links: { self: { href: `${UNITS}/${link}/${kode}` } } } : {}),
});

type MadeUpUnit = {
  orgnr: string;
  navn: string;
  address: { adresse: string; postnummer: string; poststed: string; kommune: string; kommunenummer: string };
  naering: [string, string];
  ansatte: number;
  stiftet: string;
  konkurs?: boolean;
  slettedato?: string;
};

function unit(u: MadeUpUnit): Record<string, unknown> {
  const address = { land: "Norge", landkode: "NO", ...u.address, adresse: [u.address.adresse] };
  return {
    organisasjonsnummer: u.orgnr,
    navn: u.navn,
    organisasjonsform: code("AS", "Aksjeselskap", "organisasjonsformer"),
    postadresse: address,
    registreringsdatoEnhetsregisteret: u.stiftet,
    registrertIMvaregisteret: !u.slettedato,
    naeringskode1: code(...u.naering),
    antallAnsatte: u.ansatte,
    harRegistrertAntallAnsatte: true,
    forretningsadresse: address,
    stiftelsesdato: u.stiftet,
    institusjonellSektorkode: code("2100", "Private aksjeselskaper mv."),
    registrertIForetaksregisteret: true,
    registrertIStiftelsesregisteret: false,
    registrertIFrivillighetsregisteret: false,
    konkurs: u.konkurs ?? false,
    underAvvikling: false,
    underTvangsavviklingEllerTvangsopplosning: false,
    maalform: "Bokmål",
    ...(u.slettedato ? { slettedato: u.slettedato } : {}),
    _links: { self: { href: `${UNITS}/enheter/${u.orgnr}` } },
    respons_klasse: "Enhet",
  };
}

const person = (fornavn: string, etternavn: string) => ({
  fodselsdato: "1970-01-01",
  navn: { fornavn, etternavn },
  erDoed: false,
});

function roles(groups: { group: [string, string]; roles: { role: [string, string]; who: unknown }[] }[]) {
  return {
    rollegrupper: groups.map((g) => ({
      type: code(...g.group, "roller/rollegruppetyper"),
      sistEndret: "2025-03-01",
      roller: g.roles.map((r, i) => ({
        type: code(...r.role, "roller/rolletyper"),
        ...(r.who as object),
        avregistrert: false,
        rekkefolge: i,
      })),
    })),
    _links: {},
  };
}

export const FJORDLINK = "923456783";
export const NORDKAPP = "934567897";

/** GET /enhetsregisteret/api/enheter/{orgnr}, by number. */
export const NORWAY_UNITS: Record<string, Record<string, unknown>> = {
  [equinor.organisasjonsnummer]: equinor,
  [FJORDLINK]: unit({
    orgnr: FJORDLINK,
    navn: "FJORDLINK LOGISTIKK AS",
    address: {
      adresse: "Kokstadflaten 35",
      postnummer: "5257",
      poststed: "KOKSTAD",
      kommune: "BERGEN",
      kommunenummer: "4601",
    },
    naering: ["52.291", "Spedisjon"],
    ansatte: 37,
    stiftet: "2019-08-12",
  }),
  [NORDKAPP]: unit({
    orgnr: NORDKAPP,
    navn: "NORDKAPP FISK AS",
    address: {
      adresse: "Havnegata 4",
      postnummer: "9750",
      poststed: "HONNINGSVÅG",
      kommune: "NORDKAPP",
      kommunenummer: "5624",
    },
    naering: ["10.201", "Produksjon av fiskefileter"],
    ansatte: 0,
    stiftet: "2020-02-03",
    konkurs: true,
    slettedato: "2025-02-14",
  }),
};

/** GET /enhetsregisteret/api/enheter/{orgnr}/roller, by number. */
export const NORWAY_ROLES: Record<string, unknown> = {
  [equinor.organisasjonsnummer]: equinorRoles,
  [FJORDLINK]: roles([
    {
      group: ["DAGL", "Daglig leder"],
      roles: [{ role: ["DAGL", "Daglig leder"], who: { person: person("Sigrid", "Haugen") } }],
    },
    {
      group: ["STYR", "Styre"],
      roles: [
        { role: ["LEDE", "Styrets leder"], who: { person: person("Erik", "Solberg") } },
        { role: ["MEDL", "Styremedlem"], who: { person: person("Sigrid", "Haugen") } },
      ],
    },
  ]),
};

/** GET /regnskapsregisteret/regnskap/{orgnr}, by number: the JSON text served. */
export const NORWAY_ACCOUNTS: Record<string, string> = {
  "964118191": text("sample-regnskap-964118191.json"),
  [FJORDLINK]: text("made-up-regnskap-923456783.json"),
};
