import { describe, expect, it } from "vitest";
import { localeCountry } from "@/components/accounttracking/locale-country";

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
