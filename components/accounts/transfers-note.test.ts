// The transfers line says what leaving them out means, and shows a sum only when there is one.
import { describe, expect, it } from "vitest";
import { transfersNote } from "@/components/accounts/transfers-note";

describe("transfersNote", () => {
  it("says transfers between own accounts are left out, without a zero sum", () => {
    expect(transfersNote(36, "0.00", "EUR")).toBe(
      "36 transfers between your own accounts are left out of income and spending.",
    );
    expect(transfersNote(2, "-0.00", "EUR")).not.toMatch(/€|0\.00/);
  });

  it("names one transfer in the singular", () => {
    expect(transfersNote(1, "0", "EUR")).toBe(
      "1 transfer between your own accounts is left out of income and spending.",
    );
  });

  it("shows the net when money left for (or came from) an own account outside the set", () => {
    expect(transfersNote(6, "-1500.00", "EUR")).toBe(
      "6 transfers between your own accounts (-€1,500.00 net) are left out of income and spending.",
    );
  });
});
