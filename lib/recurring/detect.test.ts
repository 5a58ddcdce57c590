import { describe, expect, it } from "vitest";
import { addMonths } from "@/lib/recurring/calendar";
import { detectStreams, statusOn, type Payment } from "@/lib/recurring/detect";
import { addDays } from "@/lib/dates/days";

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The first working day on or after `date`. */
function workingDayFrom(date: string): string {
  let d = date;
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, 1);
  return d;
}

/** The last working day of the month of `date`. */
function lastWorkingDay(date: string): string {
  let d = addDays(addMonths(`${date.slice(0, 7)}-01`, 1), -1);
  while (weekday(d) === 0 || weekday(d) === 6) d = addDays(d, -1);
  return d;
}

let n = 0;
function pay(date: string, amount: string, party: string, extra: Partial<Payment> = {}): Payment {
  n += 1;
  return {
    id: `t${n}`,
    date,
    amount,
    currency: "EUR",
    counterpartId: party,
    label: party,
    creditorId: null,
    mandateId: null,
    iban: null,
    ...extra,
  };
}

const months = (from: string, count: number) => Array.from({ length: count }, (_, i) => addMonths(from, i));

describe("detectStreams", () => {
  it("a salary on the last working day and rent on the 1st moved off weekends are monthly and active", () => {
    const salary = months("2025-01-15", 12).map((d) => pay(lastWorkingDay(d), "2850.00", "employer"));
    const rent = months("2025-01-01", 12).map((d) => pay(workingDayFrom(d), "-950.00", "landlord"));
    const streams = detectStreams([...salary, ...rent], "2026-01-05");
    expect(streams.map((s) => [s.label, s.direction, s.period, s.typicalAmount, s.status]).sort()).toEqual([
      ["employer", "in", "monthly", "2850.00", "active"],
      ["landlord", "out", "monthly", "950.00", "active"],
    ]);
    const rentStream = streams.find((s) => s.label === "landlord");
    expect(rentStream?.nextExpectedDate).toBe(addMonths(rentStream?.lastDate ?? "", 1));
    expect(rentStream?.occurrences).toBe(12);
  });

  it("a payment on the 31st, paid on the 30th and 28th in shorter months, stays one monthly stream", () => {
    const dates = ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-31", "2025-06-30"];
    const streams = detectStreams(
      dates.map((d) => pay(d, "-12.00", "club")),
      "2025-07-10",
    );
    expect(streams.map((s) => [s.period, s.occurrences, s.status])).toEqual([["monthly", 6, "active"]]);
  });

  it("an amount that changes once: amount_changed, the typical amount follows the new one", () => {
    const mandate = { creditorId: "NL00ZZZ123", mandateId: "MD-1" };
    const dates = months("2025-01-05", 8);
    const payments = dates.map((d, i) => pay(d, i < 6 ? "-29.90" : "-34.90", "gym", mandate));
    const [stream] = detectStreams(payments, "2025-08-20");
    expect([stream.status, stream.typicalAmount, stream.lastAmount, stream.spread]).toEqual([
      "amount_changed",
      "34.90",
      "34.90",
      "0.00",
    ]);
    // Long after the change the stream is simply active at its new amount.
    const later = months("2025-09-05", 4).map((d) => pay(d, "-34.90", "gym", mandate));
    const [settled] = detectStreams([...payments, ...later], "2025-12-20");
    expect([settled.status, settled.typicalAmount, settled.streamKey]).toEqual(["active", "34.90", stream.streamKey]);
  });

  it("a stream that stops is late after the expected date plus grace, ended after two periods", () => {
    const payments = months("2025-01-10", 6).map((d) => pay(d, "-45.00", "phone"));
    const at = (today: string) => detectStreams(payments, today)[0].status;
    expect(at("2025-07-12")).toBe("active");
    expect(at("2025-07-16")).toBe("late");
    expect(at("2025-08-20")).toBe("ended");
  });

  it("two subscriptions from one counterpart with different amounts stay two streams, noise aside", () => {
    const small = months("2025-01-08", 10).map((d) => pay(workingDayFrom(d), "-9.99", "streamflix"));
    const large = months("2025-01-21", 10).map((d) => pay(workingDayFrom(d), "-17.99", "streamflix"));
    const rentals = ["2025-02-14", "2025-05-02", "2025-07-19"].map((d) => pay(d, "-3.99", "streamflix"));
    const streams = detectStreams([...small, ...large, ...rentals], "2025-10-25");
    expect(streams.map((s) => [s.typicalAmount, s.period, s.occurrences]).sort()).toEqual([
      ["17.99", "monthly", 10],
      ["9.99", "monthly", 10],
    ]);
    expect(new Set(streams.map((s) => s.streamKey)).size).toBe(2);
  });

  it("weekly payments are weekly, not monthly; irregular card payments are no stream", () => {
    const weekly = Array.from({ length: 10 }, (_, i) => pay(addDays("2025-03-01", 7 * i), "-6.80", "bakery"));
    const irregular = [1, 3, 4, 9, 15, 16, 23, 40, 41, 55, 70].map((d, i) =>
      pay(addDays("2025-03-01", d), `-${(10 + ((i * 37) % 90)).toFixed(2)}`, "grocer"),
    );
    const streams = detectStreams([...weekly, ...irregular], "2025-05-12");
    expect(streams.map((s) => [s.label, s.period])).toEqual([["bakery", "weekly"]]);
  });

  it("a group with a direct debit's creditor id is apart from the same counterpart's transfers", () => {
    const debits = months("2025-01-03", 5).map((d) =>
      pay(d, "-80.00", "energy", { creditorId: "DE98ZZZ0999", mandateId: "M-7" }),
    );
    const transfers = months("2025-01-20", 5).map((d) => pay(d, "-80.00", "energy"));
    const streams = detectStreams([...debits, ...transfers], "2025-06-01");
    expect(streams).toHaveLength(2);
    expect(new Set(streams.map((s) => s.streamKey)).size).toBe(2);
  });

  it("statusOn: a stream paid on time is active whatever the day of the period", () => {
    const stream = { period: "weekly" as const, lastDate: "2025-03-03", nextExpectedDate: "2025-03-10" };
    expect(["2025-03-04", "2025-03-10", "2025-03-12"].map((d) => statusOn(stream, d, false))).toEqual([
      "active",
      "active",
      "active",
    ]);
    expect(statusOn(stream, "2025-03-13", false)).toBe("late");
  });
});
