// What the Companies House fake holds: the register's two real answers (records/: the profile of
// 08957400 and the persons with significant control of 04053514, verbatim) and made-up companies,
// each in the shapes the Public Data API answers (apispec.json): a profile, an officer list and a
// list of persons with significant control. A made-up part is marked as such below.
import candourProfile from "@/sandbox/registers/companies-house/records/company-profile-08957400.json";
import airAmbulancePscs from "@/sandbox/registers/companies-house/records/psc-list-04053514.json";

type Json = Record<string, unknown>;
type Address = {
  premises?: string;
  address_line_1: string;
  locality: string;
  postal_code: string;
  region?: string;
  country?: string;
};
type Officer = { name: string; role: string; appointed: string; resigned?: string; address: Address };
type Controller = { name: string; kind: "individual" | "corporate-entity"; natures: string[]; notified: string };

export type ChCompany = { profile: Json; officers: Officer[]; pscList: Json };

const etag = (seed: string) =>
  [...seed]
    .reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7)
    .toString(16)
    .padStart(8, "0")
    .repeat(5);

function profileOf(c: {
  number: string;
  name: string;
  type: string;
  status: string;
  created: string;
  ceased?: string;
  jurisdiction: string;
  office: Address;
}): Json {
  return {
    company_number: c.number,
    company_name: c.name,
    type: c.type,
    company_status: c.status,
    jurisdiction: c.jurisdiction,
    date_of_creation: c.created,
    ...(c.ceased ? { date_of_cessation: c.ceased } : {}),
    registered_office_address: c.office,
    can_file: c.status === "active",
    has_insolvency_history: c.status === "liquidation",
    has_charges: false,
    etag: etag(c.number),
    links: {
      self: `/company/${c.number}`,
      filing_history: `/company/${c.number}/filing-history`,
      officers: `/company/${c.number}/officers`,
      persons_with_significant_control: `/company/${c.number}/persons-with-significant-control`,
    },
  };
}

function pscListOf(number: string, controllers: Controller[], address: Address): Json {
  return {
    items_per_page: 25,
    start_index: 0,
    total_results: controllers.length,
    active_count: controllers.length,
    ceased_count: 0,
    links: { self: `/company/${number}/persons-with-significant-control` },
    items: controllers.map((c, i) => ({
      kind: `${c.kind}-person-with-significant-control`,
      name: c.name,
      natures_of_control: c.natures,
      notified_on: c.notified,
      address: { premises: address.premises ?? "1", ...address },
      etag: etag(`${number}|psc|${i}`),
      links: { self: `/company/${number}/persons-with-significant-control/${c.kind}/${etag(`${number}|${i}`)}` },
    })),
  };
}

const CAYLEY_HOUSE: Address = {
  premises: "Cayley House",
  address_line_1: "10 South Lane",
  locality: "Elland",
  region: "West Yorkshire",
  postal_code: "HX5 0HQ",
  country: "England",
};
const DOVER_ROAD: Address = {
  address_line_1: "71 New Dover Road",
  locality: "Canterbury",
  postal_code: "CT1 3DZ",
  country: "England",
};
const CANAL_WHARF: Address = {
  premises: "Unit 4",
  address_line_1: "Canal Wharf",
  locality: "Leeds",
  postal_code: "LS11 5PS",
  country: "England",
};
const HARBOUR_LANE: Address = {
  address_line_1: "22 Harbour Lane",
  locality: "Aberdeen",
  postal_code: "AB11 5DQ",
  country: "Scotland",
};

const COMPANIES: ChCompany[] = [
  {
    profile: candourProfile,
    // Made up: the real sample has the profile only.
    officers: [
      { name: "HALE, Martin James", role: "director", appointed: "2014-03-25", address: DOVER_ROAD },
      { name: "HALE, Susan", role: "secretary", appointed: "2014-03-25", resigned: "2019-11-30", address: DOVER_ROAD },
    ],
    pscList: pscListOf(
      "08957400",
      [
        {
          name: "Mr Martin James Hale",
          kind: "individual",
          natures: ["ownership-of-shares-75-to-100-percent", "voting-rights-75-to-100-percent"],
          notified: "2016-04-06",
        },
      ],
      { premises: "71", ...DOVER_ROAD },
    ),
  },
  // Made up: the profile of 04053514 (name, dates, office) and its officer; its real answer here is
  // only the list of its persons with significant control.
  {
    profile: profileOf({
      number: "04053514",
      name: "YORKSHIRE AIR AMBULANCE TRADING LIMITED",
      type: "ltd",
      status: "active",
      created: "2000-08-15",
      jurisdiction: "england-wales",
      office: CAYLEY_HOUSE,
    }),
    officers: [{ name: "PRIESTLEY, Helen Mary", role: "director", appointed: "2017-05-01", address: CAYLEY_HOUSE }],
    pscList: airAmbulancePscs,
  },
  // Made up: a company GLEIF also holds (registered as 09876543, its LEI leads back here).
  {
    profile: profileOf({
      number: "09876543",
      name: "NORTHGATE LOGISTICS PLC",
      type: "plc",
      status: "active",
      created: "2015-11-20",
      jurisdiction: "england-wales",
      office: CANAL_WHARF,
    }),
    officers: [
      { name: "OKAFOR, Adaeze", role: "director", appointed: "2015-11-20", address: CANAL_WHARF },
      { name: "LINDQVIST, Per Erik", role: "director", appointed: "2018-02-01", address: CANAL_WHARF },
      {
        name: "WHARFSIDE SECRETARIAL LIMITED",
        role: "corporate-secretary",
        appointed: "2015-11-20",
        address: CANAL_WHARF,
      },
    ],
    pscList: pscListOf(
      "09876543",
      [
        {
          name: "Northgate Holdings Limited",
          kind: "corporate-entity",
          natures: ["ownership-of-shares-50-to-75-percent", "voting-rights-50-to-75-percent"],
          notified: "2016-04-06",
        },
        {
          name: "Ms Adaeze Okafor",
          kind: "individual",
          natures: ["ownership-of-shares-25-to-50-percent"],
          notified: "2016-04-06",
        },
      ],
      CANAL_WHARF,
    ),
  },
  // Made up: a Scottish company struck off and dissolved.
  {
    profile: profileOf({
      number: "SC612345",
      name: "HARBOUR LANE BAKERY LTD",
      type: "ltd",
      status: "dissolved",
      created: "2018-10-03",
      ceased: "2023-02-14",
      jurisdiction: "scotland",
      office: HARBOUR_LANE,
    }),
    officers: [
      {
        name: "MCLEOD, Fiona",
        role: "director",
        appointed: "2018-10-03",
        resigned: "2023-02-14",
        address: HARBOUR_LANE,
      },
    ],
    pscList: pscListOf(
      "SC612345",
      [
        {
          name: "Ms Fiona McLeod",
          kind: "individual",
          natures: ["ownership-of-shares-75-to-100-percent"],
          notified: "2018-10-03",
        },
      ],
      { premises: "22", ...HARBOUR_LANE },
    ),
  },
];

const BY_NUMBER = new Map(COMPANIES.map((c) => [String(c.profile.company_number), c]));

export const chCompany = (number: string): ChCompany | undefined => BY_NUMBER.get(number.toUpperCase());

export const chCompanies = (): readonly ChCompany[] => COMPANIES;
