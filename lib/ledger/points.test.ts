// Which stored balances anchor the ledger, on which day, which one a day keeps when it has several,
// and which disagreements between a day's final figures are reported rather than hidden.
import { describe, expect, it } from "vitest";
import { type StoredBalance, anchorDateOf, anchorsIn, chooseAnchors } from "./points";

let nextId = 0;
function balance(fields: Partial<StoredBalance> & Pick<StoredBalance, "balanceType" | "referenceDate" | "amount">) {
  nextId += 1;
  return {
    id: `00000000-0000-7000-8000-${String(nextId).padStart(12, "0")}`,
    currency: "EUR",
    source: "bank",
    observedAt: "2026-10-01T08:00:00.000Z",
    ...fields,
  } satisfies StoredBalance;
}

/** A closing booked balance of 5 October 2026, the day most cases below look at. */
const closingOct5 = (amount: string, fields: Partial<StoredBalance> = {}) =>
  balance({ balanceType: "closingBooked", referenceDate: "2026-10-05", amount, ...fields });

describe("anchorDateOf", () => {
  it("closing and interim booked are the end of their day; an opening is the end of the day before", () => {
    expect(anchorDateOf({ balanceType: "closingBooked", referenceDate: "2026-10-31" })).toBe("2026-10-31");
    // A figure taken during a day still open is not the day's end.
    expect(anchorDateOf({ balanceType: "interimBooked", referenceDate: "2026-10-15" })).toBeNull();
    expect(anchorDateOf({ balanceType: "openingBooked", referenceDate: "2026-10-01" })).toBe("2026-09-30");
    expect(anchorDateOf({ balanceType: "openingBooked", referenceDate: "2024-03-01" })).toBe("2024-02-29");
    expect(anchorDateOf({ balanceType: "openingBooked", referenceDate: "2023-03-01" })).toBe("2023-02-28");
    expect(anchorDateOf({ balanceType: "openingBooked", referenceDate: "2026-01-01" })).toBe("2025-12-31");
  });

  it("available, expected, forward and unknown balances never anchor", () => {
    for (const balanceType of [
      "closingAvailable",
      "interimAvailable",
      "openingAvailable",
      "forwardAvailable",
      "expected",
      "authorised",
      "nonInvoiced",
      "information",
      "previouslyClosedBooked",
      "ClosingBooked",
      "",
    ]) {
      expect(anchorDateOf({ balanceType, referenceDate: "2026-10-31" }), balanceType).toBeNull();
    }
  });

  it("refuses a reference date that is not a calendar day", () => {
    expect(() => anchorDateOf({ balanceType: "closingBooked", referenceDate: "2026-02-30" })).toThrow(RangeError);
    expect(() => anchorDateOf({ balanceType: "openingBooked", referenceDate: "2026-10-1" })).toThrow(RangeError);
  });
});

describe("chooseAnchors", () => {
  it("keeps one anchor per day and currency, sorted by currency then date, and skips the rest", () => {
    const { anchors, disagreements } = chooseAnchors([
      balance({ balanceType: "closingBooked", referenceDate: "2026-10-02", amount: "-20.5" }),
      balance({ balanceType: "interimAvailable", referenceDate: "2026-10-02", amount: "480" }),
      balance({ balanceType: "closingBooked", referenceDate: "2026-10-01", amount: "10", currency: "USD" }),
      balance({ balanceType: "expected", referenceDate: "2026-10-03", amount: "1" }),
      balance({ balanceType: "openingBooked", referenceDate: "2026-10-02", amount: "7.00", source: "file" }),
    ]);
    expect(anchors.map((a) => [a.currency, a.date, a.amount, a.balanceType, a.source])).toEqual([
      ["EUR", "2026-10-01", "7.00", "openingBooked", "file"],
      ["EUR", "2026-10-02", "-20.5", "closingBooked", "bank"],
      ["USD", "2026-10-01", "10", "closingBooked", "bank"],
    ]);
    expect(disagreements).toEqual([]);
  });

  it("prefers closingBooked over the next day's openingBooked; an interim figure never anchors", () => {
    const closing = closingOct5("100.00");
    const opening = balance({ balanceType: "openingBooked", referenceDate: "2026-10-06", amount: "100.0" });
    const interim = balance({
      balanceType: "interimBooked",
      referenceDate: "2026-10-05",
      amount: "100",
      observedAt: "2026-10-06T23:00:00Z",
    });
    for (const order of [
      [closing, opening, interim],
      [interim, opening, closing],
    ]) {
      expect(chooseAnchors(order).anchors.map((a) => a.balanceId)).toEqual([closing.id]);
    }
    expect(chooseAnchors([interim, opening]).anchors.map((a) => a.balanceId)).toEqual([opening.id]);
    expect(chooseAnchors([interim]).anchors).toEqual([]);
    // "100.00" and "100.0" are one figure: nothing to report.
    expect(chooseAnchors([closing, opening, interim]).disagreements).toEqual([]);
  });

  it("among one type keeps the newest read, then the later written (larger id)", () => {
    const older = closingOct5("1", { observedAt: "2026-10-05T09:00:00Z" });
    const newer = closingOct5("1.0", { observedAt: "2026-10-05T10:00:00+00:00" });
    const sameTime = closingOct5("1.00", { observedAt: "2026-10-05T12:00:00+02:00" });
    // 12:00+02:00 is 10:00Z: as new as `newer`, written after it.
    const { anchors, disagreements } = chooseAnchors([sameTime, older, newer]);
    expect(anchors.map((a) => a.amount)).toEqual(["1.00"]);
    // One figure written three ways: nothing to report.
    expect(disagreements).toEqual([]);
  });

  it("reports a day's final figures that disagree, keeping the preferred one as the anchor", () => {
    const fromFile = (amount: string) =>
      balance({ balanceType: "openingBooked", referenceDate: "2026-10-06", amount, source: "file" });
    const bankClosing = closingOct5("100.00");
    const fileOpening = fromFile("90.50");
    const fileAgain = fromFile("90.5");
    const { anchors, disagreements } = chooseAnchors([fileOpening, bankClosing, fileAgain]);
    expect(anchors.map((a) => a.balanceId)).toEqual([bankClosing.id]);
    // Two reads of the same differing figure are one disagreement.
    expect(disagreements).toHaveLength(1);
    expect(disagreements[0]).toMatchObject({
      date: "2026-10-05",
      currency: "EUR",
      chosen: { balanceId: bankClosing.id, amount: "100.00" },
      other: { source: "file", balanceType: "openingBooked", date: "2026-10-05" },
      difference: "-9.50",
    });
  });

  it("reports a bank's restated closing balance against the newer one", () => {
    const first = closingOct5("-5", { observedAt: "2026-10-06T06:00:00Z" });
    const restated = closingOct5("-7", { observedAt: "2026-10-07T06:00:00Z" });
    const { anchors, disagreements } = chooseAnchors([first, restated]);
    expect(anchors.map((a) => a.amount)).toEqual(["-7"]);
    expect(disagreements.map((d) => [d.other.amount, d.difference])).toEqual([["-5", "2"]]);
  });

  it("does not report an interim that differs from the day's final figure: the day went on", () => {
    const { anchors, disagreements } = chooseAnchors([
      closingOct5("100"),
      balance({ balanceType: "interimBooked", referenceDate: "2026-10-05", amount: "60" }),
    ]);
    expect(anchors.map((a) => a.amount)).toEqual(["100"]);
    expect(disagreements).toEqual([]);
  });

  it("never compares figures of two currencies", () => {
    const { anchors, disagreements } = chooseAnchors([closingOct5("100"), closingOct5("117", { currency: "USD" })]);
    expect(anchors.map((a) => [a.currency, a.amount])).toEqual([
      ["EUR", "100"],
      ["USD", "117"],
    ]);
    expect(disagreements).toEqual([]);
  });

  it("refuses an observedAt that is not an instant", () => {
    expect(() => chooseAnchors([closingOct5("1", { observedAt: "yesterday" })])).toThrow(RangeError);
  });
});

describe("anchorsIn", () => {
  it("gives one currency's anchors in date order and refuses two for one day", () => {
    const at = (date: string, currency = "EUR") =>
      ({ date, currency, amount: "1", source: "person", balanceType: "closingBooked" }) as const;
    expect(anchorsIn([at("2026-10-03"), at("2026-10-01", "USD"), at("2026-10-01")], "EUR").map((a) => a.date)).toEqual([
      "2026-10-01",
      "2026-10-03",
    ]);
    expect(() => anchorsIn([at("2026-10-03"), at("2026-10-03")], "EUR")).toThrow(/two anchors/);
  });
});
