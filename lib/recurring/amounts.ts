// Amounts of a stream as exact decimal strings: compared through their minor units (integers, never
// floats in a sum), the typical amount is one of the amounts paid (a median), and the spread is the
// exact difference between the largest and the smallest.
import { sumDecimals } from "@/lib/money/decimal";

/** The absolute amount in units of `scale` decimals ("-12.3" at 2 → 1230). */
export function unitsOf(amount: string, scale = 2): number {
  const [whole, fraction = ""] = amount.replace("-", "").split(".");
  return Number(`${whole}${fraction.padEnd(scale, "0").slice(0, scale)}`);
}

/** The absolute value of a decimal string. */
export const absolute = (amount: string): string => amount.replace(/^-/, "");

const negate = (amount: string): string => (amount.startsWith("-") ? amount.slice(1) : `-${amount}`);

/** The larger over the smaller of two absolute amounts (1 = equal; Infinity against a zero). */
export function ratio(a: string, b: string): number {
  return unitRatio(unitsOf(a), unitsOf(b));
}

/** `ratio` of two amounts already in units (unitsOf). */
export function unitRatio(a: number, b: number): number {
  const [x, y] = a < b ? [a, b] : [b, a];
  return x === 0 ? (y === 0 ? 1 : Infinity) : y / x;
}

/** The lower median of absolute amounts, as written. */
export function medianAmount(amounts: readonly string[]): string {
  const sorted = amounts.map(absolute).sort((a, b) => unitsOf(a) - unitsOf(b));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The largest absolute amount minus the smallest, exactly. */
export function spreadOf(amounts: readonly string[]): string {
  const sorted = amounts.map(absolute).sort((a, b) => unitsOf(a) - unitsOf(b));
  return sumDecimals([sorted[sorted.length - 1], negate(sorted[0])]);
}

/** All within `tolerance` (a ratio, 1.01 = 1 %) of each other. */
export function steady(amounts: readonly string[], tolerance: number): boolean {
  const units = amounts.map((a) => unitsOf(a));
  const low = Math.min(...units);
  return units.length > 0 && low > 0 && Math.max(...units) / low <= tolerance;
}

/**
 * A fixed amount that changed once: where the new amount starts, or null (amounts in date order).
 * Linear: each split's two sides are tested for steadiness by running minima and maxima (it was a
 * steady() of both sides at each split, quadratic, and ran for every candidate chain).
 */
export function amountChangeAt(amounts: readonly string[]): number | null {
  const SAME = 1.01;
  const units = amounts.map((a) => unitsOf(a));
  const n = units.length;
  // after[k]: the smallest and largest of units[k..].
  const afterLow = new Array<number>(n + 1).fill(Infinity);
  const afterHigh = new Array<number>(n + 1).fill(-Infinity);
  for (let k = n - 1; k >= 0; k--) {
    afterLow[k] = Math.min(afterLow[k + 1], units[k]);
    afterHigh[k] = Math.max(afterHigh[k + 1], units[k]);
  }
  // before[k]: the smallest and largest of units[..k-1].
  const beforeLow = new Array<number>(n + 1).fill(Infinity);
  const beforeHigh = new Array<number>(n + 1).fill(-Infinity);
  for (let k = 1; k <= n; k++) {
    beforeLow[k] = Math.min(beforeLow[k - 1], units[k - 1]);
    beforeHigh[k] = Math.max(beforeHigh[k - 1], units[k - 1]);
  }
  const steadyRange = (low: number, high: number) => low > 0 && high / low <= SAME;
  for (let k = n - 1; k >= 2; k--) {
    if (!steadyRange(beforeLow[k], beforeHigh[k]) || !steadyRange(afterLow[k], afterHigh[k])) continue;
    if (ratio(medianAmount(amounts.slice(0, k)), medianAmount(amounts.slice(k))) > SAME) return k;
  }
  return null;
}
