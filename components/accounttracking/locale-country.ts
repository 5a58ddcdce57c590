// The country the bank picker starts on: the browser's own (navigator.languages, most preferred
// first), not the first in the alphabet. An explicit region ("nl-BE") wins over a language's likely
// country ("nl" → NL) in any position; a country without banks is passed over.
export function localeCountry(languages: readonly string[], offered: readonly string[]): string | null {
  const has = (code: string | undefined) => (code && offered.includes(code) ? code : null);
  const locales = languages.flatMap((tag) => {
    try {
      return [new Intl.Locale(tag)];
    } catch {
      return [];
    }
  });
  for (const locale of locales) {
    const explicit = has(locale.region);
    if (explicit) return explicit;
  }
  for (const locale of locales) {
    const likely = has(locale.maximize().region);
    if (likely) return likely;
  }
  return null;
}

/**
 * An Accept-Language header as a list of language tags, most preferred first (by q, then by order);
 * tags with q=0 are refused by the reader and left out. What the server has where a browser has
 * navigator.languages: the hosted picker is rendered on the server.
 */
export function acceptLanguages(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .slice(0, 20)
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
