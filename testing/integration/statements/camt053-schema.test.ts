// XSD validation of camt.053 (xmllint-wasm): the samples as SOURCE.md's lxml run found them, the
// two tolerated kinds of finding, a refused file naming its line, and the size limit.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedCamt053 } from "@/testing/support/statements/camt053-generated";
import { XSD_VALIDATION_MAX_BYTES, assertCamt053Schema, validateCamt053Schema } from "@/lib/statements/camt053-schema";

const SAMPLES = path.resolve(__dirname, "../../../../shared/spec/bank-statements/camt053/samples");

function sample(file: string): Uint8Array {
  return readFileSync(path.join(SAMPLES, file));
}

describe("camt.053 against its XSD", () => {
  it("every sample: the four clean ones clean, ABN AMRO's wrapped Ustrd and UBS's UETR only warned", async () => {
    const found: Record<string, [string, number, number]> = {};
    for (const file of readdirSync(SAMPLES)) {
      const result = await validateCamt053Schema(sample(file));
      found[file] = [result.version, result.errors.length, result.warnings.length];
    }
    expect(found).toEqual({
      "abnamro_example_camt053_v02.xml": ["camt.053.001.02", 0, 7],
      "goldmansachs_uk_camt053_v02.xml": ["camt.053.001.02", 0, 0],
      "iso20022_business_sample_camt053_v04.xml": ["camt.053.001.04", 0, 0],
      "oca_test-camt053_v02.xml": ["camt.053.001.02", 0, 0],
      "postfinance_camt.053_P_CH0309000000250090342_380000000_0_2016053100163801.xml": ["camt.053.001.04", 0, 0],
      "viafintech_ubs-style_camt053_v08.xml": ["camt.053.001.08", 0, 1],
    });
    const warned = await validateCamt053Schema(sample("abnamro_example_camt053_v02.xml"));
    expect(warned.warnings[0]).toEqual({
      line: 1393,
      message: expect.stringContaining("Element 'Ustrd': [facet 'maxLength']") as string,
    });
  });

  it("a schema error refuses the file and names the line", async () => {
    const text = readFileSync(path.join(SAMPLES, "oca_test-camt053_v02.xml"), "utf8").replace(
      '<Amt Ccy="EUR">1405.31</Amt>',
      "<Amt>1405.31</Amt>",
    );
    await expect(assertCamt053Schema(Buffer.from(text))).rejects.toThrow(
      /^line 229: does not match the camt\.053\.001\.02 schema: Element 'Amt': The attribute 'Ccy' is required but missing\.$/,
    );
    const misspelt = text
      .replace("<Amt>1405.31</Amt>", '<Amt Ccy="EUR">1405.31</Amt>')
      .replace("<Sts>BOOK</Sts>", "<Status>BOOK</Status>");
    await expect(assertCamt053Schema(Buffer.from(misspelt))).rejects.toThrow(
      /^line 53: .*Element 'Status': This element is not expected/,
    );
  });

  it("the generated file of the streaming test is valid camt.053.001.08", async () => {
    const result = await assertCamt053Schema(Buffer.from([...generatedCamt053(500)].join("")));
    expect(result).toEqual({ version: "camt.053.001.08", errors: [], warnings: [] });
  });

  it("files over the limit are not loaded into the validator", async () => {
    await expect(validateCamt053Schema(new Uint8Array(XSD_VALIDATION_MAX_BYTES + 1))).rejects.toThrow(
      /holds the file in memory/,
    );
  });
});
