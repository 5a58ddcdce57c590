// Country tables for the sandbox company registry: how each country's registration numbers look
// (with their check digits where the country has one) and the words its company names are made of.
export type CountryRules = {
  /** Normalised number, or null when the input is not a well-formed number of this country. */
  normalise: (raw: string) => string | null;
  authority: (city: string) => string;
  pattern: "activity-surname" | "surname-activity";
  activities: readonly string[];
  surnames: readonly string[];
  firstNames: readonly string[];
  forms: readonly string[];
  cities: readonly { city: string; postalCode: string; street: string }[];
  /** A valid example number (for the UI, the README and the tests). */
  example: string;
};

const digits = (raw: string) => raw.replace(/[\s.\-/]/g, "");

/** Luhn check, as used by French SIREN numbers and Italian partite IVA. */
export function luhnValid(value: string): boolean {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    let d = Number(value[value.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Belgian enterprise number: 10 digits, the last two are 97 − (first eight mod 97). */
export function belgianValid(value: string): boolean {
  if (!/^[01]\d{9}$/.test(value)) return false;
  return 97 - (Number(value.slice(0, 8)) % 97) === Number(value.slice(8));
}

/** Spanish CIF: letter, seven digits, control digit or letter. */
export function spanishValid(value: string): boolean {
  const m = /^([ABCDEFGHJNPQRSUVW])(\d{7})([0-9A-J])$/.exec(value);
  if (!m) return false;
  const body = m[2];
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const d = Number(body[i]);
    if (i % 2 === 0) {
      const doubled = d * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    } else sum += d;
  }
  const control = (10 - (sum % 10)) % 10;
  return m[3] === String(control) || m[3] === "JABCDEFGHI"[control];
}

export const SANDBOX_COUNTRIES: Record<string, CountryRules> = {
  BE: {
    normalise: (raw) => {
      const d = digits(raw).replace(/^BE/i, "");
      const ten = d.length === 9 ? `0${d}` : d;
      return belgianValid(ten) ? `${ten.slice(0, 4)}.${ten.slice(4, 7)}.${ten.slice(7)}` : null;
    },
    authority: () => "Kruispuntbank van Ondernemingen (KBO/BCE)",
    pattern: "activity-surname",
    activities: ["Brouwerij", "Bouwbedrijf", "Transport", "Immo", "Drukkerij", "Garage"],
    surnames: [
      "Peeters",
      "Janssens",
      "Maes",
      "Jacobs",
      "Mertens",
      "Willems",
      "Claes",
      "Goossens",
      "Wouters",
      "De Smet",
    ],
    firstNames: ["Jan", "Marie", "Luc", "An", "Pieter", "Sofie", "Tom", "Els"],
    forms: ["NV", "BV", "CommV"],
    cities: [
      { city: "Antwerpen", postalCode: "2000", street: "Meir" },
      { city: "Gent", postalCode: "9000", street: "Veldstraat" },
      { city: "Brussel", postalCode: "1000", street: "Wetstraat" },
      { city: "Leuven", postalCode: "3000", street: "Bondgenotenlaan" },
      { city: "Brugge", postalCode: "8000", street: "Steenstraat" },
    ],
    example: "0403.170.701",
  },
  NL: {
    normalise: (raw) => (/^\d{8}$/.test(digits(raw)) ? digits(raw) : null),
    authority: () => "Kamer van Koophandel (KvK)",
    pattern: "activity-surname",
    activities: ["Bakkerij", "Installatiebedrijf", "Handelsonderneming", "Transportbedrijf", "Scheepswerf"],
    surnames: ["de Jong", "Jansen", "de Vries", "van den Berg", "Bakker", "Visser", "Smit", "Meijer"],
    firstNames: ["Daan", "Emma", "Sem", "Julia", "Lucas", "Sanne", "Bram", "Anouk"],
    forms: ["B.V.", "N.V."],
    cities: [
      { city: "Amsterdam", postalCode: "1012 JS", street: "Damrak" },
      { city: "Rotterdam", postalCode: "3011 AD", street: "Coolsingel" },
      { city: "Utrecht", postalCode: "3511 LX", street: "Oudegracht" },
      { city: "Eindhoven", postalCode: "5611 AH", street: "Stratumseind" },
    ],
    example: "34567890",
  },
  DE: {
    normalise: (raw) => {
      const m = /^(HRA|HRB)\s*(\d{1,6})$/i.exec(raw.trim());
      return m ? `${m[1].toUpperCase()} ${m[2]}` : null;
    },
    authority: (city) => `Amtsgericht ${city}`,
    pattern: "surname-activity",
    activities: ["Maschinenbau", "Logistik", "Elektrotechnik", "Holzbau", "Feinkost", "Metallwerk"],
    surnames: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker"],
    firstNames: ["Lukas", "Anna", "Felix", "Lena", "Jonas", "Mia", "Paul", "Laura"],
    forms: ["GmbH", "AG", "GmbH & Co. KG"],
    cities: [
      { city: "Berlin", postalCode: "10117", street: "Friedrichstraße" },
      { city: "Hamburg", postalCode: "20095", street: "Mönckebergstraße" },
      { city: "München", postalCode: "80331", street: "Kaufingerstraße" },
      { city: "Köln", postalCode: "50667", street: "Hohe Straße" },
    ],
    example: "HRB 123456",
  },
  FR: {
    normalise: (raw) => {
      const d = digits(raw);
      return /^\d{9}$/.test(d) && luhnValid(d) ? `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}` : null;
    },
    authority: (city) => `RCS ${city}`,
    pattern: "activity-surname",
    activities: ["Boulangerie", "Transports", "Menuiserie", "Conseil", "Ateliers", "Vignobles"],
    surnames: ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand"],
    firstNames: ["Camille", "Louis", "Léa", "Hugo", "Chloé", "Jules", "Manon", "Arthur"],
    forms: ["SAS", "SARL", "SA"],
    cities: [
      { city: "Paris", postalCode: "75002", street: "Rue de la Paix" },
      { city: "Lyon", postalCode: "69002", street: "Rue de la République" },
      { city: "Toulouse", postalCode: "31000", street: "Rue d'Alsace-Lorraine" },
      { city: "Lille", postalCode: "59000", street: "Rue Nationale" },
    ],
    example: "732 829 320",
  },
  ES: {
    normalise: (raw) => {
      const d = digits(raw).toUpperCase().replace(/^ES/, "");
      return spanishValid(d) ? d : null;
    },
    authority: (city) => `Registro Mercantil de ${city}`,
    pattern: "activity-surname",
    activities: ["Construcciones", "Transportes", "Distribuciones", "Talleres", "Bodegas"],
    surnames: ["García", "Martínez", "López", "Sánchez", "Pérez", "Gómez", "Fernández", "Ruiz"],
    firstNames: ["Lucía", "Hugo", "Martina", "Pablo", "Sofía", "Daniel", "Paula", "Álvaro"],
    forms: ["S.L.", "S.A."],
    cities: [
      { city: "Madrid", postalCode: "28013", street: "Calle Mayor" },
      { city: "Barcelona", postalCode: "08002", street: "Carrer de Ferran" },
      { city: "Valencia", postalCode: "46002", street: "Carrer de la Pau" },
      { city: "Sevilla", postalCode: "41004", street: "Calle Sierpes" },
    ],
    example: "B12345674",
  },
  IT: {
    normalise: (raw) => {
      const d = digits(raw).replace(/^IT/i, "");
      return /^\d{11}$/.test(d) && luhnValid(d) ? d : null;
    },
    authority: (city) => `Registro delle Imprese di ${city}`,
    pattern: "activity-surname",
    activities: ["Costruzioni", "Trasporti", "Officine", "Alimentari", "Tessitura"],
    surnames: ["Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci"],
    firstNames: ["Leonardo", "Sofia", "Francesco", "Giulia", "Alessandro", "Aurora", "Lorenzo", "Ginevra"],
    forms: ["S.r.l.", "S.p.A."],
    cities: [
      { city: "Milano", postalCode: "20121", street: "Via Monte Napoleone" },
      { city: "Roma", postalCode: "00186", street: "Via del Corso" },
      { city: "Torino", postalCode: "10123", street: "Via Roma" },
      { city: "Bologna", postalCode: "40125", street: "Via dell'Indipendenza" },
    ],
    example: "12345678903",
  },
};
