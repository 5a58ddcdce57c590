// The column mapper's model: a layout read into roles per column and written back, the built-in
// banks' layouts surviving the round trip (so a saved or built-in one is not damaged by being shown),
// the table when the person says the file has a header or not, and the checks before saving.
import { describe, expect, it } from "vitest";
import {
  columnIndex,
  layoutFromMapping,
  mappingFromLayout,
  mappingProblems,
  tableOf,
  type Mapping,
} from "@/components/accounts/csv-mapping";
import {
  ASN_TRANSACTIE_HISTORIE,
  CsvLayout,
  LLOYDS_CURRENT_ACCOUNT,
  SPARKASSE_CSV_CAMT,
} from "@/lib/statements/csv-layout";

const SPARKASSE_HEADER = [
  "Auftragskonto",
  "Buchungstag",
  "Valutadatum",
  "Buchungstext",
  "Verwendungszweck",
  "Glaeubiger ID",
  "Mandatsreferenz",
  "Kundenreferenz (End-to-End)",
  "Sammlerreferenz",
  "Lastschrift Ursprungsbetrag",
  "Auslagenersatz Ruecklastschrift",
  "Beguenstigter/Zahlungspflichtiger",
  "Kontonummer/IBAN",
  "BIC (SWIFT-Code)",
  "Betrag",
  "Waehrung",
  "Info",
];
const LLOYDS_HEADER = [
  "Transaction Date",
  "Transaction Type",
  "Sort Code",
  "Account Number",
  "Transaction Description",
  "Debit Amount",
  "Credit Amount",
  "Balance",
  "",
];

const rowOf = (width: number) => Array.from({ length: width }, (_, i) => `v${i}`);

describe("a layout as roles per column, and back", () => {
  it.each([
    ["Sparkasse (header names, a pending rule)", SPARKASSE_CSV_CAMT, SPARKASSE_HEADER],
    ["Lloyds (debit and credit, a balance after, a fixed currency)", LLOYDS_CURRENT_ACCOUNT, LLOYDS_HEADER],
    ["ASN Bank (no header: positions, a balance before)", ASN_TRANSACTIE_HISTORIE, null],
  ])("%s survives the round trip unchanged", (_, layout, header) => {
    const preview = { header, rows: [rowOf(header?.length ?? 19)] };
    const mapping = mappingFromLayout(layout, preview, "EUR");
    expect(mappingProblems(mapping)).toEqual([]);
    expect(CsvLayout.parse(layoutFromMapping(mapping, tableOf(preview, mapping.hasHeader).header))).toEqual(layout);
  });

  it("reads Sparkasse's columns into the roles at their positions", () => {
    const mapping = mappingFromLayout(SPARKASSE_CSV_CAMT, { header: SPARKASSE_HEADER, rows: [] }, "EUR");
    expect(mapping.roles[1]).toBe("bookingDate");
    expect(mapping.roles[14]).toBe("amount");
    expect(mapping.roles[15]).toBe("currency");
    expect(mapping.roles[8]).toBe("ignore");
    // A currency column: no fixed currency is offered.
    expect(mapping.currency).toBe("");
  });

  it("a layout without a currency column starts from the account's currency", () => {
    const layout = {
      ...SPARKASSE_CSV_CAMT,
      currency: null,
      columns: { ...SPARKASSE_CSV_CAMT.columns, currency: null },
    };
    expect(mappingFromLayout(layout, { header: SPARKASSE_HEADER, rows: [] }, "CHF").currency).toBe("CHF");
  });

  it("a column the file does not have is left unmapped, not put on another column", () => {
    expect(columnIndex("Betrag", ["Datum", "Umsatz"])).toBeNull();
    expect(columnIndex(" Umsatz ", ["Datum", "Umsatz"])).toBe(1);
    expect(columnIndex(3, null)).toBe(3);
    const mapping = mappingFromLayout(SPARKASSE_CSV_CAMT, { header: ["Buchungstag", "Umsatz"], rows: [] }, "EUR");
    expect(mapping.roles).toEqual(["bookingDate", "ignore"]);
  });

  it("one column for two roles keeps the first (the booking date), and a position past the file's width is dropped", () => {
    const layout = {
      ...ASN_TRANSACTIE_HISTORIE,
      columns: { ...ASN_TRANSACTIE_HISTORIE.columns, valueDate: 0, currency: 40 },
    };
    const mapping = mappingFromLayout(layout, { header: null, rows: [rowOf(19)] }, "EUR");
    expect(mapping.roles).toHaveLength(19);
    expect(mapping.roles[0]).toBe("bookingDate");
    expect(mapping.roles.filter((r) => r === "valueDate" || r === "currency")).toEqual([]);
  });
});

describe("the layout a person's mapping makes", () => {
  const header = ["Tag", "Wert", "Partei", "Notiz", "Tag"];
  const mapping: Mapping = {
    name: " My bank ",
    roles: ["bookingDate", "amount", "counterpartName", "remittanceInformation", "valueDate"],
    hasHeader: true,
    dateFormat: "DD.MM.YYYY",
    decimalSeparator: ",",
    thousandsSeparator: ".",
    currency: "EUR",
    balanceTiming: "after",
    kept: { delimiter: ";", quote: '"', encoding: "utf-8", pendingWhen: null },
  };

  it("names columns by their header text, by position where a name repeats", () => {
    const layout = CsvLayout.parse(layoutFromMapping(mapping, header));
    expect(layout.name).toBe("My bank");
    expect(layout.amount).toEqual({ kind: "signed", column: "Wert" });
    expect(layout.columns.bookingDate).toBe(0);
    expect(layout.columns.valueDate).toBe(4);
    expect(layout.columns.counterpartName).toBe("Partei");
    expect(layout.currency).toBe("EUR");
  });

  it("a header cell with spaces around it is named by position (the server compares the cell as it is)", () => {
    const layout = CsvLayout.parse(layoutFromMapping(mapping, ["Tag", "Wert ", "Partei", "Notiz", "Valuta"]));
    expect(layout.amount).toEqual({ kind: "signed", column: 1 });
    expect(layout.columns.bookingDate).toBe("Tag");
  });

  it("a file without a header row names every column by position", () => {
    const layout = CsvLayout.parse(layoutFromMapping({ ...mapping, hasHeader: false }, header));
    expect(layout.amount).toEqual({ kind: "signed", column: 1 });
    expect(layout.columns.counterpartName).toBe(2);
  });

  it("a currency column wins over a fixed currency", () => {
    const layout = layoutFromMapping({ ...mapping, roles: [...mapping.roles.slice(0, 4), "currency"] }, header);
    expect(layout.currency).toBeNull();
    expect(layout.columns.currency).toBe(4);
  });

  it("says what is missing or doubled, and nothing when all is set", () => {
    expect(mappingProblems(mapping)).toEqual([]);
    expect(mappingProblems({ ...mapping, roles: ["ignore", "amount", "ignore", "ignore", "ignore"] })).toEqual([
      "Choose the column with the booking date.",
    ]);
    expect(mappingProblems({ ...mapping, roles: ["bookingDate", "debit", "bookingDate", "ignore", "ignore"] })).toEqual(
      ["Only one column can be the Booking date.", "A debit column needs a credit column, and the other way round."],
    );
    expect(mappingProblems({ ...mapping, roles: ["bookingDate", "amount", "debit", "credit", "ignore"] })).toEqual([
      "Choose either one signed amount column, or a debit and a credit column.",
    ]);
    expect(mappingProblems({ ...mapping, currency: "", thousandsSeparator: "," })).toEqual([
      "Give the currency (such as EUR), or choose the column that holds it.",
      "The thousands separator must differ from the decimal separator.",
    ]);
  });
});

describe("the table the mapper shows", () => {
  const preview = { header: ["a", "b"], rows: [["1", "2"]] };
  it("keeps the header as the file's when the person agrees it has one", () => {
    expect(tableOf(preview, true)).toEqual(preview);
  });
  it("turns the header into the first data row when the person says there is none", () => {
    expect(tableOf(preview, false)).toEqual({
      header: null,
      rows: [
        ["a", "b"],
        ["1", "2"],
      ],
    });
  });
  it("takes the first row as the header when the person says there is one the detection missed", () => {
    expect(
      tableOf(
        {
          header: null,
          rows: [
            ["x", "y"],
            ["1", "2"],
          ],
        },
        true,
      ),
    ).toEqual({
      header: ["x", "y"],
      rows: [["1", "2"]],
    });
  });
});
