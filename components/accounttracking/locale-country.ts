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
