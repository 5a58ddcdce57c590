// A bank's date is the day it names, whatever follows it and wherever the browser is.
import { describe, expect, it } from "vitest";
import { bankIdNote, formatBankDate } from "@/components/accounts/format";

describe("formatBankDate", () => {
  it("shows the day a bank date names, ignoring a time after it", () => {
    expect(formatBankDate("2026-11-23")).toBe("23 Nov 2026");
    // Late in the evening west of UTC is already the next day in UTC: still the 23rd.
    expect(formatBankDate("2026-11-23T23:30:00-08:00")).toBe("23 Nov 2026");
    expect(formatBankDate("2024-02-29")).toBe("29 Feb 2024");
  });

  it("says the fallback for no date or one that is not a date", () => {
    expect(formatBankDate(null)).toBe("—");
    expect(formatBankDate("23/11/2026", "unknown")).toBe("unknown");
  });
});

describe("bankIdNote", () => {
  it("explains a hashed or derived id, and says nothing of an id kept as sent", () => {
    expect(bankIdNote(`sha256:${"a".repeat(64)}`)).toMatch(/longer than 512 bytes/);
    expect(bankIdNote("syn_0123456789abcdef0123456789abcdef.1")).toMatch(/sent no id/);
    expect(bankIdNote("20260114-7QX2K4M1AB")).toBeNull();
  });
});
