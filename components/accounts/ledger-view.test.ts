// The ledger's display rules: which days the chart draws solid or dashed, the legend's words, the
// change over a span in exact decimals, a statement figure as typed, the server's "does not
// reconcile" told apart from other refusals, and the day a sync reads the bank again from.
import { describe, expect, it } from "vitest";
import {
  balanceRows,
  givenLegend,
  mismatchOf,
  monthIsOver,
  rereadFrom,
  spanChange,
  statementFigure,
} from "@/components/accounts/ledger-view";
import { ApiCallError } from "@/lib/client/errors";
import type { BalancePoint, ReconciliationWindow } from "@/lib/client/ledger";

const point = (date: string, amount: string, kind: BalancePoint["kind"] = "derived"): BalancePoint => ({
  date,
  amount,
  kind,
  balanceType: kind === "derived" ? null : "closingBooked",
});

describe("balanceRows", () => {
  it("draws given days solid and derived stretches dashed, the dashes reaching the dots on either side", () => {
    const rows = balanceRows([
      point("2026-11-01", "10.00"),
      point("2026-11-02", "12.50", "bank"),
      point("2026-11-03", "12.50", "bank"),
      point("2026-11-04", "12.50", "bank"),
      point("2026-11-05", "-3.10"),
      point("2026-11-06", "-3.10", "file"),
    ]);
    expect(rows.map((r) => [r.given, r.derived])).toEqual([
      [null, 10],
      [12.5, 12.5], // beside a derived day: the dashes end on its dot
      [12.5, null], // between two given days: only the solid line joins them
      [12.5, 12.5],
      [null, -3.1],
      [-3.1, -3.1],
    ]);
    // The exact figure stays for the tooltip.
    expect(rows[4].amount).toBe("-3.10");
  });
});

describe("givenLegend", () => {
  it("names who gave the span's figures, the bank when none was given in it", () => {
    expect(givenLegend([point("2026-11-01", "1", "bank"), point("2026-11-02", "1")])).toBe("Given by the bank");
    expect(givenLegend([point("2026-11-01", "1", "bank"), point("2026-11-02", "1", "file")])).toBe(
      "Given by the bank or a statement file",
    );
    expect(givenLegend([point("2026-11-01", "1")])).toBe("Given by the bank");
  });
});

describe("spanChange", () => {
  it("is exact where floats are not (0.3 - 0.1)", () => {
    const change = spanChange([point("2026-11-01", "0.1"), point("2026-11-02", "5"), point("2026-11-03", "0.3")]);
    expect(change?.change).toBe("0.2");
    expect(change?.first.date).toBe("2026-11-01");
    expect(spanChange([])).toBeNull();
  });
});

describe("statementFigure", () => {
  it("takes a plain decimal, forgiving spaces, a typographic minus and a plus", () => {
    expect(statementFigure(" 1 234.56 ")).toEqual({ value: "1234.56" });
    expect(statementFigure("\u221280.00")).toEqual({ value: "-80.00" });
    expect(statementFigure("+5")).toEqual({ value: "5" });
  });

  it("asks for the server's form instead of guessing what a comma means", () => {
    const errorOf = (text: string) => {
      const figure = statementFigure(text);
      return "error" in figure ? figure.error : `accepted as ${figure.value}`;
    };
    expect(errorOf("1,234.56")).toMatch(/thousands separators/);
    expect(errorOf("12,50")).toMatch(/with a point/);
    expect(errorOf("twelve")).toMatch(/as a number/);
    expect(errorOf("  ")).toMatch(/printed on the statement/);
  });
});

describe("mismatchOf", () => {
  const refusal = (message: string) =>
    new ApiCallError({
      status: 422,
      code: "validation_failed",
      message: "The month does not reconcile; see error.details.",
      details: { closingBalance: [message] },
    });

  it("gives the server's words when the month does not reconcile", () => {
    const words =
      "The opening balance + 3 booked transactions (-20.00) = 80.00, but the closing balance is 70.00: a difference of -10.00, in 2026-10-01 to 2026-10-31.";
    expect(mismatchOf(refusal(words))).toBe(words);
  });

  it("is null for a malformed figure, another failure, or no failure", () => {
    expect(mismatchOf(refusal("closingBalance must be a decimal string such as -1200.50"))).toBeNull();
    expect(mismatchOf(new ApiCallError({ status: 409, code: "conflict", message: "a difference of" }))).toBeNull();
    expect(mismatchOf(new Error("a difference of 1"))).toBeNull();
    expect(mismatchOf(null)).toBeNull();
  });
});

describe("rereadFrom", () => {
  const line = { openingDate: "2026-09-30" };
  const windowFrom = (from: string, reread: boolean) =>
    ({ from, remedies: { reread: reread ? { dateFrom: from } : null } }) as ReconciliationWindow;

  it("is the month's first day when the server's windows are not at hand", () => {
    expect(rereadFrom(line, undefined)).toBe("2026-10-01");
    expect(rereadFrom(line, [])).toBe("2026-10-01");
  });

  it("is the earliest window the bank can still read again, or none", () => {
    expect(rereadFrom(line, [windowFrom("2026-10-20", true), windowFrom("2026-10-05", true)])).toBe("2026-10-05");
    expect(rereadFrom(line, [windowFrom("2026-10-05", false), windowFrom("2026-10-20", true)])).toBe("2026-10-20");
    expect(rereadFrom(line, [windowFrom("2026-10-05", false)])).toBeNull();
  });
});

describe("monthIsOver", () => {
  it("is true from the day after the month's last day", () => {
    expect(monthIsOver({ closingDate: "2026-10-31" }, "2026-10-31")).toBe(false);
    expect(monthIsOver({ closingDate: "2026-10-31" }, "2026-11-01")).toBe(true);
  });
});
