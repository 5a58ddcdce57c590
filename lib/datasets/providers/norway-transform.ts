// Brønnøysundregistrene (Norway) → the normalised subsets: the unit from Enhetsregisteret, the key
// figures of its latest annual accounts from Regnskapsregisteret, its roles. Figures arrive as the
// decimal text the register wrote (registry-json.ts): "6440000000.00" stays exactly that.
import { z } from "zod";
import type { Address, CompanyCandidate, CompanyInformation, SubsetPayloads } from "@/lib/datasets/providers/types";

const figure = z.string().regex(/^-?\d+(\.\d+)?$/);
const text = z.string().nullish();
const flag = z.boolean().nullish();
const code = z.object({ kode: z.string(), beskrivelse: text });

const Adresse = z.object({
  adresse: z.array(z.string()).nullish(),
  postnummer: text,
  poststed: text,
  landkode: text,
});

export const Enhet = z.object({
  organisasjonsnummer: z.string(),
  navn: z.string(),
  organisasjonsform: code.nullish(),
  forretningsadresse: Adresse.nullish(),
  postadresse: Adresse.nullish(),
  // The live register writes `stiftelsesdato`; its 2020 definition spells it `stiftelsedato`.
  stiftelsesdato: text,
  stiftelsedato: text,
  konkurs: flag,
  underAvvikling: flag,
  underTvangsavviklingEllerTvangsopplosning: flag,
  slettedato: text,
});
export type Enhet = z.infer<typeof Enhet>;

/** GET /enhetsregisteret/api/enheter?navn=: HAL; no `_embedded` when nothing matched. */
export const EnhetList = z.object({ _embedded: z.object({ enheter: z.array(Enhet) }).nullish() });

const Regnskap = z.object({
  regnskapstype: text,
  regnskapsperiode: z.object({ tilDato: z.iso.date() }),
  valuta: z.string().regex(/^[A-Z]{3}$/),
  egenkapitalGjeld: z.object({ egenkapital: z.object({ sumEgenkapital: figure.nullish() }).nullish() }).nullish(),
  eiendeler: z.object({ sumEiendeler: figure.nullish() }).nullish(),
  resultatregnskapResultat: z
    .object({
      aarsresultat: figure.nullish(),
      driftsresultat: z
        .object({ driftsinntekter: z.object({ sumDriftsinntekter: figure.nullish() }).nullish() })
        .nullish(),
    })
    .nullish(),
});
/** GET /regnskapsregisteret/regnskap/{orgnr}: a list, though the definition declares an object. */
export const RegnskapList = z.array(Regnskap);

const Rolle = z.object({
  type: code,
  person: z.object({ navn: z.object({ fornavn: text, mellomnavn: text, etternavn: text }) }).nullish(),
  enhet: z.object({ organisasjonsnummer: z.string(), navn: z.array(z.string()) }).nullish(),
  avregistrert: flag,
  fratraadt: flag,
});
export const Roller = z.object({ rollegrupper: z.array(z.object({ roller: z.array(Rolle) })) });

export const NORWAY_AUTHORITY = "Brønnøysundregistrene, Enhetsregisteret";

/** The unit's public page on brreg.no (virksomhet.brreg.no). */
export const norwayRecordUrl = (orgnr: string) => `https://virksomhet.brreg.no/nb/oppslag/enheter/${orgnr}`;

/** An organisation number (9 digits), as written in Norway ("923 609 016", "NO923609016MVA"); null otherwise. */
export function orgnrOf(number: string): string | null {
  const digits = number.replace(/[\s.]/g, "").replace(/^NO/i, "").replace(/MVA$/i, "");
  return /^\d{9}$/.test(digits) ? digits : null;
}

function addressOf(enhet: Enhet): Address | null {
  const a = enhet.forretningsadresse ?? enhet.postadresse;
  if (!a) return null;
  return {
    lines: a.adresse ?? [],
    postalCode: a.postnummer ?? null,
    city: a.poststed ?? null,
    region: null,
    country: a.landkode ?? "NO",
  };
}

/** Deleted, bankrupt or being wound up: inactive, with every such fact in the register's words. */
function statusOf(enhet: Enhet): Pick<CompanyInformation, "status" | "statusDetail"> {
  const facts = [
    enhet.slettedato ? `Slettet ${enhet.slettedato}` : null,
    enhet.konkurs ? "Konkurs" : null,
    enhet.underTvangsavviklingEllerTvangsopplosning ? "Under tvangsavvikling eller tvangsoppløsning" : null,
    enhet.underAvvikling ? "Under avvikling" : null,
  ].filter((f): f is string => f !== null);
  return facts.length
    ? { status: "inactive", statusDetail: facts.join(", ") }
    : { status: "active", statusDetail: null };
}

export function toInformation(enhet: Enhet): CompanyInformation {
  return {
    legalName: enhet.navn,
    legalForm: enhet.organisasjonsform?.beskrivelse ?? enhet.organisasjonsform?.kode ?? null,
    ...statusOf(enhet),
    registrationNumber: enhet.organisasjonsnummer,
    registrationAuthority: NORWAY_AUTHORITY,
    registeredAddress: addressOf(enhet),
    foundedOn: enhet.stiftelsesdato ?? enhet.stiftelsedato ?? null,
    lei: null,
  };
}

/**
 * The latest period's key figures (the company's own accounts before a group's, for the same period).
 * Regnskapsregisteret gives no headcount: employees stay null.
 */
export function toFinancials(accounts: z.infer<typeof RegnskapList>): SubsetPayloads["financials"] | null {
  const latest = [...accounts].sort(
    (a, b) =>
      b.regnskapsperiode.tilDato.localeCompare(a.regnskapsperiode.tilDato) ||
      Number(b.regnskapstype === "SELSKAP") - Number(a.regnskapstype === "SELSKAP"),
  )[0];
  if (!latest) return null;
  const result = latest.resultatregnskapResultat;
  return {
    currency: latest.valuta,
    fiscalYearEnd: latest.regnskapsperiode.tilDato,
    revenue: result?.driftsresultat?.driftsinntekter?.sumDriftsinntekter ?? null,
    netResult: result?.aarsresultat ?? null,
    equity: latest.egenkapitalGjeld?.egenkapital?.sumEgenkapital ?? null,
    totalAssets: latest.eiendeler?.sumEiendeler ?? null,
    employees: null,
  };
}

/**
 * Every current role, the role's name as the register words it ("Daglig leder", "Styremedlem").
 * A deregistered or resigned role carries no date in the register, so it is left out rather than
 * shown as current.
 */
export function toOfficers(roller: z.infer<typeof Roller>): SubsetPayloads["officers"] {
  const officers = roller.rollegrupper
    .flatMap((g) => g.roller)
    .filter((r) => !r.avregistrert && !r.fratraadt && (r.person || r.enhet))
    .map((r) => ({
      name: r.person
        ? [r.person.navn.fornavn, r.person.navn.mellomnavn, r.person.navn.etternavn].filter(Boolean).join(" ")
        : (r.enhet?.navn.join(" ") ?? ""),
      kind: r.person ? ("person" as const) : ("company" as const),
      role: r.type.beskrivelse ?? r.type.kode,
      appointedOn: null,
      resignedOn: null,
    }));
  return { officers };
}

export function toCandidate(enhet: Enhet): CompanyCandidate {
  const information = toInformation(enhet);
  return {
    name: enhet.navn,
    country: "NO",
    number: enhet.organisasjonsnummer,
    lei: null,
    legalForm: information.legalForm,
    status: information.status,
    address: information.registeredAddress,
    recordUrl: norwayRecordUrl(enhet.organisasjonsnummer),
  };
}
