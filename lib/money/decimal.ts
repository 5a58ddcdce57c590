// Exact arithmetic on decimal strings as PostgreSQL's `numeric::text` and the banks write them
// ("-12.34", "0", "1000.5"): scaled BigInts, never floats. Sums are kept per currency by the
// callers; nothing here knows or mixes currencies.

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal string read once: its digits as one integer and how many of them are decimals. */
export type Scaled = { units: bigint; scale: number };

/** Whether `text` is a decimal string every function here reads ("-12.34", "0", "1000.5"). */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** `text`, when it is a decimal string; otherwise an error saying it is not. */
function checked(text: string): string {
  if (!isDecimal(text)) throw new Error(`not a decimal string: ${JSON.stringify(text)}`);
  return text;
}

/** Reads a decimal string, once for a caller that compares it many times (compareScaled). */
export function parseDecimal(text: string): Scaled {
  checked(text);
  const negative = text.startsWith("-");
  const [whole, fraction = ""] = text.replace("-", "").split(".");
  const units = BigInt(`${whole}${fraction}`);
  return { units: negative ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** The exact sum of decimal strings, at the largest scale among them ("0" for none). */
export function sumDecimals(amounts: readonly string[]): string {
  const values = amounts.map(parseDecimal);
  const scale = Math.max(0, ...values.map((v) => v.scale));
  return format(
    values.reduce((total, v) => total + rescale(v, scale), 0n),
    scale,
  );
}

export function decimalAdd(x: string, y: string): string {
  return sumDecimals([x, y]);
}

/** `x` with its sign flipped, at its own scale ("-0.00" and "0.00" both give "0.00"). */
export function negateDecimal(x: string): string {
  const value = parseDecimal(x);
  return format(-value.units, value.scale);
}

/** The exact difference `x - y`, at the larger of the two scales. */
export function decimalSubtract(x: string, y: string): string {
  return sumDecimals([x, negateDecimal(y)]);
}

/** Exact sums per currency, currencies in code order. */
export function sumsByCurrency(rows: readonly { amount: string; currency: string }[]): Record<string, string> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const amounts = groups.get(row.currency);
    if (amounts) amounts.push(row.amount);
    else groups.set(row.currency, [row.amount]);
  }
  return Object.fromEntries([...groups].sort(([a], [b]) => (a < b ? -1 : 1)).map(([c, a]) => [c, sumDecimals(a)]));
}

/** -1, 0 or 1 as `x` is below, equal to or above `y`, exactly ("1.50" equals "1.5"). */
export function compareDecimals(x: string, y: string): -1 | 0 | 1 {
  return compareScaled(parseDecimal(x), parseDecimal(y));
}

/** compareDecimals of two decimals already read (parseDecimal). */
export function compareScaled(a: Scaled, b: Scaled): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const d = rescale(a, scale) - rescale(b, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The sign of a decimal string as numeric reads it: "-0.00" is 0. Read from its digits, no arithmetic. */
export function signOfDecimal(x: string): -1 | 0 | 1 {
  if (!/[1-9]/.test(checked(x))) return 0;
  return x.startsWith("-") ? -1 : 1;
}
