// The Bank connections page: live connections first, each once; every attempt that ended (declined,
// cancelled, renewed, revoked, expired, or never finished at the bank) under History, newest first.
import { describe, expect, it } from "vitest";
import { groupConsents, PENDING_STALE_MS } from "@/components/accounttracking/consent-groups";
import type { Consent } from "@/lib/client/accounttracking";

const NOW = Date.parse("2026-11-25T12:00:00Z");

function consent(id: string, status: Consent["status"], createdAt: string): Consent {
  return { id, status, createdAt, bankName: "Scheldebank" } as Consent;
}

describe("groupConsents", () => {
  it("puts valid and just-started connections in Live, everything that ended in History", () => {
    const all = [
      consent("valid", "valid", "2026-11-20T10:00:00Z"),
      consent("declined", "rejected", "2026-11-25T09:00:00Z"),
      consent("renewed", "renewed", "2026-08-01T10:00:00Z"),
      consent("revoked", "revoked", "2026-11-24T10:00:00Z"),
      consent("expired", "expired", "2026-05-01T10:00:00Z"),
      consent("pending-now", "pending", "2026-11-25T11:55:00Z"),
      consent("abandoned", "pending", "2026-11-24T11:00:00Z"),
    ];
    const { live, history } = groupConsents(all, NOW);
    expect(live.map((c) => c.id)).toEqual(["pending-now", "valid"]);
    expect(history.map((c) => c.id)).toEqual(["declined", "abandoned", "revoked", "renewed", "expired"]);
  });

  it("a pending connection older than the bank's approval window counts as not finished", () => {
    const started = new Date(NOW - PENDING_STALE_MS - 1000).toISOString();
    const { live, history } = groupConsents([consent("p", "pending", started)], NOW);
    expect(live).toEqual([]);
    expect(history.map((c) => c.id)).toEqual(["p"]);
  });
});
