// The rules every scope starts with (origin `default`): words a bank statement carries in the
// languages of the banks we reach, and ISO bank transaction codes. Each names its category by key
// (lib/categories/defaults.ts); provisioning (lib/rules/provision.ts) and the rules migration's
// backfill put the scope's category id in its actions. Order matters, the first category wins: taxes
// come before salary so "Loonheffing" (wage tax) is a tax, not a salary. No server imports.
import type { Condition } from "@/lib/rules/schemas";

export type DefaultRule = { key: string; name: string; category: string; conditions: Condition[] };

const words = (...list: string[]): Condition => ({ type: "words", words: list, in: "any" });
const out: Condition = { type: "direction", direction: "out" };
const into: Condition = { type: "direction", direction: "in" };
const code = (...codes: string[]): Condition => ({ type: "bankTransactionCode", codes });
const card = code("PMNT-CCRD");

export const DEFAULT_RULES: readonly DefaultRule[] = [
  {
    key: "taxes",
    name: "Tax authorities",
    category: "taxes",
    conditions: [
      words(
        "belastingdienst",
        "loonheffing",
        "btw",
        "finanzamt",
        "impots",
        "impôts",
        "dgfip",
        "hmrc",
        "spf finances",
        "fod financiën",
        "agencia tributaria",
        "agenzia entrate",
        "skatteetaten",
        "tax office",
        "income tax",
        "tax authority",
      ),
    ],
  },
  {
    key: "payroll_code",
    name: "Salaries paid (bank code)",
    category: "payroll",
    conditions: [out, code("PMNT-ICDT-SALA")],
  },
  {
    key: "payroll_words",
    name: "Salaries and pensions paid",
    category: "payroll",
    conditions: [
      out,
      words("salary", "salaris", "loon", "salaire", "gehalt", "lohn", "pension", "pensioen", "sueldo", "stipendio"),
    ],
  },
  {
    key: "salary",
    name: "Salary received",
    category: "salary",
    conditions: [into, words("salary", "salaris", "loon", "salaire", "gehalt", "lohn", "sueldo", "stipendio")],
  },
  {
    key: "rent",
    name: "Rent",
    category: "rent",
    conditions: [out, words("rent", "loyer", "huur", "miete", "alquiler", "affitto")],
  },
  {
    key: "insurance",
    name: "Insurance",
    category: "insurance",
    conditions: [
      words("insurance", "assurance", "verzekering", "versicherung", "assicurazion", "seguro", "allianz", "axa"),
    ],
  },
  {
    key: "utilities",
    name: "Energy, water and phone",
    category: "utilities",
    conditions: [
      words(
        "electricity",
        "energie",
        "énergie",
        "strom",
        "gas",
        "water",
        "eau",
        "vodafone",
        "telenet",
        "proximus",
        "orange",
        "kpn",
      ),
    ],
  },
  {
    key: "fees",
    name: "Bank fees",
    category: "fees",
    conditions: [
      out,
      words("bank fee", "fee", "frais bancaires", "bankkosten", "kosten rekening", "gebühr", "commission", "charges"),
    ],
  },
  {
    key: "software",
    name: "Software and subscriptions",
    category: "software",
    conditions: [
      out,
      words(
        "microsoft",
        "google",
        "atlassian",
        "adobe",
        "github",
        "slack",
        "dropbox",
        "zoom",
        "exact online",
        "software",
        "subscription",
        "abonnement",
      ),
    ],
  },
  {
    key: "cash",
    name: "Cash withdrawals",
    category: "cash",
    conditions: [out, words("atm", "geldautomaat", "retrait", "bargeld", "cash withdrawal")],
  },
  {
    key: "groceries",
    name: "Groceries by card",
    category: "groceries",
    conditions: [
      card,
      words(
        "albert heijn",
        "jumbo",
        "lidl",
        "aldi",
        "carrefour",
        "delhaize",
        "colruyt",
        "rewe",
        "edeka",
        "tesco",
        "spar",
        "makro",
        "metro",
        "intermarché",
        "auchan",
        "monoprix",
      ),
    ],
  },
  {
    key: "dining",
    name: "Cafés and restaurants by card",
    category: "dining",
    conditions: [
      card,
      words("cafe", "café", "coffee", "restaurant", "bistro", "brasserie", "bakery", "bakkerij", "starbucks", "lunch"),
    ],
  },
  {
    key: "travel",
    name: "Fuel, tolls, hotels and trains",
    category: "travel",
    conditions: [
      out,
      words(
        "shell",
        "esso",
        "aral",
        "totalenergies",
        "texaco",
        "toll",
        "péage",
        "hotel",
        "ibis",
        "ns reizen",
        "sncb",
        "nmbs",
        "deutsche bahn",
        "sncf",
        "uber",
        "klm",
        "ryanair",
        "travelcard",
        "fuel",
      ),
    ],
  },
  {
    key: "refunds",
    name: "Refunds",
    category: "refunds",
    conditions: [into, words("refund", "terugbetaling", "remboursement", "erstattung", "rückerstattung", "reembolso")],
  },
  {
    key: "interest",
    name: "Interest received",
    category: "income",
    conditions: [into, words("interest", "rente", "intérêts", "zinsen", "intereses")],
  },
  {
    key: "sales",
    name: "Customer payments of invoices",
    category: "sales",
    conditions: [into, words("inv", "invoice", "factuur", "facture", "rechnung", "fattura", "factura")],
  },
  {
    key: "suppliers",
    name: "Invoices paid",
    category: "suppliers",
    conditions: [out, words("invoice", "factuur", "facture", "rechnung", "fattura", "factura")],
  },
];
