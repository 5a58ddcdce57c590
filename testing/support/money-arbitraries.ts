// fast-check arbitraries for money as the banks and PostgreSQL write it: decimal strings with an
// exact reference value (integer units at a scale) to check results against.
import fc from "fast-check";

export type ScaledDecimal = { text: string; units: bigint; scale: number };

export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** A decimal string ("-12.30", "0", "99999999999.999999") with its exact value. */
export const scaledDecimal = (options: { maxScale?: number; min?: bigint } = {}): fc.Arbitrary<ScaledDecimal> =>
  fc
    .tuple(
      fc.bigInt({ min: options.min ?? -(10n ** 18n), max: 10n ** 18n }),
      fc.integer({ min: 0, max: options.maxScale ?? 6 }),
    )
    .map(([units, scale]) => ({ text: formatScaled(units, scale), units, scale }));

/** An unsigned amount with two decimals, as banks send them ("0.00", "1250.40"). */
export const unsignedAmount = (): fc.Arbitrary<string> =>
  fc.bigInt({ min: 0n, max: 10n ** 12n }).map((cents) => formatScaled(cents, 2));

export const currency = (): fc.Arbitrary<string> => fc.constantFrom("EUR", "USD", "SEK", "GBP", "CHF");

/** A calendar date (YYYY-MM-DD) between 2000 and 2099. */
export const isoDay = (): fc.Arbitrary<string> =>
  fc
    .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
