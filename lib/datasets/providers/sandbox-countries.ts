// Country tables for the sandbox company registry: the words its companies are made of. Numbers
// are checked by lib/datasets/registration-number.ts (the lookup form and the API use it too), so no
// browser code imports this file.

export type CountryRules = {
  authority: (city: string) => string;
  pattern: "activity-surname" | "surname-activity";
  activities: readonly string[];
  surnames: readonly string[];
  firstNames: readonly string[];
  forms: readonly string[];
  cities: readonly { city: string; postalCode: string; street: string }[];
};

export const SANDBOX_COUNTRIES: Record<string, CountryRules> = {
  BE: {
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
  },
  NL: {
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
  },
  DE: {
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
  },
  FR: {
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
  },
  ES: {
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
  },
  IT: {
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
  },
};
