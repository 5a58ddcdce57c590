// A register's JSON read with every number kept as the decimal text it was written in. JSON.parse
// turns 6440000000.10 into the nearest binary double, and an integer past 2^53 into a neighbour:
// a company's figures would change on the way in. Here each number token becomes a string before
// parsing (strings are copied untouched), so a provider's schema reads figures as decimal strings
// ("6440000000.10", "-693623") and counts as whole-number strings.

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The JSON text with every number token quoted; strings, keys and literals untouched. */
function quoteNumbers(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      // Not a number after all: left for JSON.parse to reject.
      if (!match) return text;
      out += `"${plainDecimal(match[0])}"`;
      i += match[0].length;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** A JSON number's text as a plain decimal string (exponent applied by moving the point, no arithmetic). */
export function plainDecimal(token: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(token);
  if (!m) throw new Error(`not a JSON number: ${JSON.stringify(token)}`);
  const [, sign, whole, fraction = "", exponent = "0"] = m;
  if (exponent === "0" || /^[+-]?0+$/.test(exponent)) return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponent);
  const padded = point <= 0 ? `${"0".repeat(1 - point)}${digits}` : digits.padEnd(point, "0");
  const at = Math.max(point, 1);
  const intPart = padded.slice(0, at).replace(/^0+(?=\d)/, "");
  const fracPart = padded.slice(at);
  return `${sign}${intPart}${fracPart ? `.${fracPart}` : ""}`;
}

/** JSON.parse, with every number a string holding its plain decimal text. */
export function parseJsonExact(text: string): unknown {
  return JSON.parse(quoteNumbers(text));
}
