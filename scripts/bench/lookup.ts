// The company lookup (lib/datasets/lookup.ts), in this process on the bench's database:
// - from what is kept: a lookup of four subsets whose answers are fresh enough, so no provider is
//   called (the kept answers read, the profile resolved and its use counted);
// - cold: the same four subsets from four providers, each an HTTP stand-in of a register answering
//   after its own delay (50, 100, 150, 200 ms), with refresh=true so every provider is called, beside
//   a lookup of each provider's subset alone. Subsets are fetched in parallel, so the cold lookup
//   should take about the slowest provider's time, not the sum of the four.
import { prisma } from "@/lib/db/client";
import { lookupCompany } from "@/lib/datasets/lookup";
import { resetProviderGuard } from "@/lib/datasets/provider-guard-store";
import type { KnownSubset } from "@/lib/datasets/providers/types";
import {
  STAND_IN_COMPANY,
  standInProvider,
  startRegisterStandIn,
  type RegisterStandIn,
} from "@/testing/support/datasets/register-stand-in";
import { interleavedMedians, median } from "./timing";

const COMPANY = { country: "FR", number: "352256424" };
// Real provider ids, so each call spends that provider's own budget through the guard.
const PLAN: { id: string; subset: KnownSubset; delayMs: number }[] = [
  { id: "fr_recherche_entreprises", subset: "information", delayMs: 50 },
  { id: "no_brreg", subset: "financials", delayMs: 100 },
  { id: "uk_companies_house", subset: "officers", delayMs: 150 },
  { id: "gleif", subset: "shareholders", delayMs: 200 },
];

export type LookupBench = {
  keptP50Ms: number;
  keptP99Ms: number;
  coldMs: number;
  aloneMs: Record<string, number>;
};

async function profile(scopeId: string, subsets: string[], isDefault: boolean) {
  const p = await prisma().datasetProfile.create({
    data: {
      scopeId,
      name: `Bench ${subsets.join("+")}`,
      target: "global",
      isDefault,
      subsetSelection: subsets,
      providerPriorities: PLAN.map((p) => p.id),
    },
  });
  return p.id;
}

export async function benchLookup(scopeId: string): Promise<LookupBench> {
  const standIns: RegisterStandIn[] = await Promise.all(
    PLAN.map((p) => startRegisterStandIn(STAND_IN_COMPANY, p.delayMs)),
  );
  try {
    for (const p of PLAN) await resetProviderGuard(p.id);
    const providers = PLAN.map((p, i) => standInProvider(p.id, standIns[i].baseUrl, [p.subset]));
    const all = await profile(
      scopeId,
      PLAN.map((p) => p.subset),
      true,
    );
    const alone = await Promise.all(PLAN.map((p) => profile(scopeId, [p.subset], false)));
    const run = (profileId: string, refresh: boolean) => async () => {
      const result = await lookupCompany(prisma(), scopeId, { ...COMPANY, profileId, refresh }, providers);
      if (result.servedCount !== result.subsets.length) throw new Error("a subset was not served");
    };

    // Seven rounds keep GLEIF's stand-in within GLEIF's real budget (60 a minute).
    const runs: Record<string, () => Promise<void>> = { cold: run(all, true) };
    PLAN.forEach((p, i) => (runs[p.id] = run(alone[i], true)));
    const cold = await interleavedMedians(7, runs);

    await run(all, false)();
    const samples: number[] = [];
    const kept = run(all, false);
    for (let i = 0; i < 301; i += 1) {
      const t = performance.now();
      await kept();
      samples.push(performance.now() - t);
    }
    samples.sort((a, b) => a - b);
    const calls = standIns.map((s) => s.calls());
    await median(3, kept);
    if (standIns.some((s, i) => s.calls() !== calls[i])) throw new Error("a kept lookup called a provider");
    return {
      keptP50Ms: samples[Math.floor(samples.length / 2)],
      keptP99Ms: samples[Math.floor(samples.length * 0.99)],
      coldMs: cold.cold,
      aloneMs: Object.fromEntries(PLAN.map((p) => [`${p.id} (${p.delayMs} ms)`, cold[p.id]])),
    };
  } finally {
    await Promise.all(standIns.map((s) => s.close()));
  }
}
