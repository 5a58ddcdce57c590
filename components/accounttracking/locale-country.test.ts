import { describe, expect, it } from "vitest";
import { acceptLanguages, localeCountry } from "@/components/accounttracking/locale-country";

const OFFERED = ["BE", "DE", "ES", "FR", "IT", "NL"];

describe("the picker's first country from the browser's languages", () => {
  it("takes the region a language names", () => {
    expect(localeCountry(["de-DE", "en"], OFFERED)).toBe("DE");
    expect(localeCountry(["nl-BE"], OFFERED)).toBe("BE");
  });

  it("prefers a region named later to a language's likely country", () => {
    expect(localeCountry(["fr", "nl-BE"], OFFERED)).toBe("BE");
  });

  it("falls back to a language's likely country, skipping countries without banks", () => {
    expect(localeCountry(["it"], OFFERED)).toBe("IT");
    expect(localeCountry(["en-GB", "es"], OFFERED)).toBe("ES");
  });

  it("gives nothing for languages of countries without banks or tags that are not languages", () => {
    expect(localeCountry(["en-US", "ja"], OFFERED)).toBeNull();
    expect(localeCountry(["not a tag!!"], OFFERED)).toBeNull();
    expect(localeCountry([], OFFERED)).toBeNull();
  });
});

describe("the languages of an Accept-Language header (the hosted picker, rendered on the server)", () => {
  it("orders by q, then as written, and leaves out q=0 and the wildcard", () => {
    expect(acceptLanguages("en;q=0.5, nl-BE, fr;q=0.8, de;q=0, *;q=0.1")).toEqual(["nl-BE", "fr", "en"]);
  });

  it("gives nothing for no header, and the picker then its first country", () => {
    expect(acceptLanguages(null)).toEqual([]);
    expect(localeCountry(acceptLanguages("fr-FR,fr;q=0.9"), OFFERED)).toBe("FR");
  });
});
