// bob.company's three accounts: customer receipts, supplier payments, payroll and many SEPA direct
// debits on the main account; card spending on the operations account; weekly sweeps to the reserve.
import { isMonthlyOn, isWeekend, monthLabel, type DayContext } from "@/sandbox/bank/data/day";
import { amount, card, directDebit, transferOut, type Draft } from "@/sandbox/bank/data/draft";
import { hashText } from "@/sandbox/bank/data/hash";
import { interest, ownTransfer, partyTransfer, userSeed } from "@/sandbox/bank/data/transfers";
import { partyIban } from "@/sandbox/bank/data/iban";
import { FIRST_NAMES, LAST_NAMES, type Party } from "@/sandbox/bank/data/parties";

const CUSTOMERS = [
  "Nordhaven Retail BV",
  "Kessler Bau GmbH",
  "Atelier Moreau SARL",
  "Iberia Frío S.L.",
  "Lombardi Trasporti S.r.l.",
  "Van Acker Food NV",
  "Hanse Möbel KG",
  "Tulip Events B.V.",
  "Delta Pharma SA",
  "Ostrava Parts s.r.o.",
];
const SUPPLIERS = [
  "Euro Pallet Supply BV",
  "Diesel Direct GmbH",
  "PackRight NV",
  "Mercator Tyres SA",
  "Office Centre B.V.",
  "Trans-Alpine Freight AG",
];

/** Monthly direct debits on the main account: [day of month, creditor, min cents, max cents, what]. */
const DEBITS: readonly [number, Party, number, number, string][] = [
  [1, { name: "Logistiek Vastgoed Fonds", country: "NL" }, 840_000, 840_000, "Warehouse lease"],
  [2, { name: "Fleetlease Europe B.V.", country: "NL" }, 612_450, 612_450, "Truck lease 12 units"],
  [3, { name: "Allianz Benelux SA", country: "BE" }, 185_320, 185_320, "Fleet insurance"],
  [4, { name: "Microsoft Ireland Operations Ltd", country: "IE" }, 41_280, 44_160, "Microsoft 365 Business"],
  [5, { name: "Google Ireland Limited", country: "IE" }, 8_640, 9_120, "Google Workspace"],
  [7, { name: "Exact Software B.V.", country: "NL" }, 21_900, 21_900, "Exact Online"],
  [8, { name: "Vodafone Business", country: "DE" }, 63_800, 71_200, "Mobile subscriptions"],
  [10, { name: "Energie Zakelijk N.V.", country: "NL" }, 210_000, 290_000, "Electricity and gas"],
  [12, { name: "Pensioenfonds Transport", country: "NL" }, 388_000, 388_000, "Pension contributions"],
  [15, { name: "Atlassian Network Services", country: "IE" }, 12_400, 12_400, "Jira Software"],
  [18, { name: "Toll Collect GmbH", country: "DE" }, 140_000, 320_000, "Truck toll"],
  [20, { name: "Belastingdienst", country: "NL" }, 900_000, 1_900_000, "Loonheffing"],
  [22, { name: "Securitas Alert Services", country: "BE" }, 9_900, 9_900, "Alarm monitoring"],
  [27, { name: "Arval Service Lease", country: "FR" }, 154_300, 154_300, "Car lease 3 units"],
];

const EMPLOYEES = 8;

/** The creditors of the monthly direct debits (recurring-truth.ts). */
export const COMPANY_MONTHLY_DEBITS: readonly string[] = DEBITS.map(([, party]) => party.name);

const employeeName = (e: number) => `${FIRST_NAMES[e]} ${LAST_NAMES[(e * 3) % LAST_NAMES.length]}`;

/** The employees paid on the 25th (recurring-truth.ts). */
export const companyEmployees = (): string[] => Array.from({ length: EMPLOYEES }, (_, e) => employeeName(e));

const sweep = (ctx: DayContext) => ({ seed: userSeed(ctx), min: 1_000_000, max: 4_000_000 });
const topUp = (ctx: DayContext) => ({ seed: `${userSeed(ctx)}|ops`, min: 300_000, max: 600_000 });

function partyOf(name: string, ctx: DayContext): Party {
  return { name, country: ctx.account.bank.countryCode };
}

export function companyMainDay(ctx: DayContext): Draft[] {
  const { rng } = ctx;
  const out: Draft[] = [];
  for (const [dom, party, min, max, what] of DEBITS) {
    if (isMonthlyOn(ctx, dom))
      out.push(directDebit(ctx, party, min === max ? min : amount(rng, min, max), `${what} ${monthLabel(ctx)}`));
  }
  if (isMonthlyOn(ctx, 25)) {
    for (let e = 0; e < EMPLOYEES; e++) {
      const name = employeeName(e);
      const cents = 240_000 + ((e * 37_000) % 240_000);
      out.push({
        ...transferOut(
          ctx,
          name,
          partyIban(ctx.account.bank.countryCode, `employee|${userSeed(ctx)}|${e}`),
          cents,
          `Salary ${monthLabel(ctx)}`,
        ),
        bankTransactionCode: "PMNT-ICDT-SALA",
      });
    }
  }
  const reserve = ctx.account.siblingIbans["company-reserve"];
  if (reserve && ctx.weekday === 5) out.push(ownTransfer(ctx, "out", reserve, sweep(ctx), "Weekly sweep to reserve"));
  const ops = ctx.account.siblingIbans["company-ops"];
  if (ops && ctx.weekday === 1) out.push(ownTransfer(ctx, "out", ops, topUp(ctx), "Top-up operations account"));
  if (isWeekend(ctx)) return out;
  const receipts = rng.int(3, 7);
  for (let i = 0; i < receipts; i++) {
    const customer = rng.pick(CUSTOMERS);
    const invoice = `INV-${ctx.year}-${String(rng.int(1, 9_999)).padStart(4, "0")}`;
    out.push(partyTransfer(ctx, "in", "customer", customer, amount(rng, 25_000, 900_000), `${invoice} ${customer}`));
  }
  const payments = rng.int(1, 4);
  for (let i = 0; i < payments; i++) {
    const supplier = rng.pick(SUPPLIERS);
    const cents = amount(rng, 12_000, 800_000);
    out.push(
      partyTransfer(ctx, "out", "supplier", supplier, cents, `Invoice ${hashText(`${ctx.date}|${supplier}|${i}`, 8)}`),
    );
  }
  return out;
}

export function companyOpsDay(ctx: DayContext): Draft[] {
  const { rng, parties } = ctx;
  const out: Draft[] = [];
  const main = ctx.account.siblingIbans["company-main"];
  if (main && ctx.weekday === 1) out.push(ownTransfer(ctx, "in", main, topUp(ctx), "Top-up operations account"));
  const count = isWeekend(ctx) ? rng.int(0, 2) : rng.int(2, 6);
  const merchants = [
    parties.fuel,
    "SHELL TRUCKSTOP A12",
    "IKEA BUSINESS",
    "MAKRO CASH&CARRY",
    ...parties.cafes,
    "HOTEL IBIS CENTRE",
    parties.rail.name.toUpperCase(),
  ];
  for (let i = 0; i < count; i++) {
    const merchant = rng.pick(merchants);
    out.push(
      card(
        ctx,
        merchant,
        merchant.includes("SHELL") || merchant === parties.fuel ? amount(rng, 8_000, 42_000) : amount(rng, 900, 28_000),
      ),
    );
  }
  if (isMonthlyOn(ctx, 6))
    out.push(directDebit(ctx, partyOf("Travelcard Zakelijk B.V.", ctx), 2_500, `Fuel card fee ${monthLabel(ctx)}`));
  return out;
}

export function companyReserveDay(ctx: DayContext): Draft[] {
  const out: Draft[] = [];
  const main = ctx.account.siblingIbans["company-main"];
  if (main && ctx.weekday === 5) out.push(ownTransfer(ctx, "in", main, sweep(ctx), "Weekly sweep to reserve"));
  if (isMonthlyOn(ctx, 31)) out.push(interest(ctx, 8_000 + ctx.rng.int(0, 9_000), `Interest ${monthLabel(ctx)}`));
  return out;
}
