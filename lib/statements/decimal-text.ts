// Amounts as banks write them in files ("1.234,56", "-12.5", "12,50-", "1 234.56", "0,",
// "000000004433,52", "01.00") → the canonical decimal string of lib/money ("-1234.56"): text in,
// text out, never a JS number. The separators are the layout's, so "1.234" is one thousand two
// hundred and thirty-four under a decimal comma and one point two three four under a decimal point.

export type DecimalSeparators = {
  decimal: "," | ".";
  /** null = none allowed; spaces (also no-break and narrow no-break) are always tolerated. */
  thousands: "." | "," | "'" | " " | null;
};

const SPACES = /[\s\u00a0\u202f]/g;

/** The canonical decimal string, or null when the text is not one amount under these separators. */
export function canonicalDecimal(text: string, separators: DecimalSeparators): string | null {
  let body = text.replace(SPACES, "");
  let negative = false;
  if (/^[-+]/.test(body)) {
    negative = body[0] === "-";
    body = body.slice(1);
  } else if (/[-+]$/.test(body)) {
    negative = body.endsWith("-");
    body = body.slice(0, -1);
  }
  const { decimal, thousands } = separators;
  const at = body.lastIndexOf(decimal);
  let whole = at < 0 ? body : body.slice(0, at);
  const fraction = at < 0 ? "" : body.slice(at + 1);
  if (thousands && thousands !== " " && whole.includes(thousands)) {
    const groups = whole.split(thousands);
    if (groups.some((g, i) => (i === 0 ? !/^\d{1,3}$/.test(g) : !/^\d{3}$/.test(g)))) return null;
    whole = groups.join("");
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || (whole === "" && fraction === "")) return null;
  const digits = whole.replace(/^0+(?=\d)/, "") || "0";
  const value = fraction ? `${digits}.${fraction}` : digits;
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

/** A canonical decimal string with its sign flipped ("0" stays "0"). */
export function negateDecimal(value: string): string {
  if (value.startsWith("-")) return value.slice(1);
  return /[1-9]/.test(value) ? `-${value}` : value;
}
