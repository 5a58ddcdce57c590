// How long a kept answer is fresh enough, per subset: a lookup within it asks no provider. Registers
// change a company's identity, officers and owners rarely, and file accounts once a year, so a day
// (and a week for financials) spares the providers' rate limits without showing stale facts for long.
// LOOKUP_FRESHNESS overrides a subset's default ("information=1d,financials=7d"). Pure: unit-tested.
const DAY_MS = 86_400_000;

export const DEFAULT_FRESHNESS_MS: Readonly<Record<string, number>> = {
  information: DAY_MS,
  officers: DAY_MS,
  shareholders: DAY_MS,
  rating: DAY_MS,
  financials: 7 * DAY_MS,
};

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: DAY_MS };

/** The freshness of each subset: the defaults with the setting's pairs over them. */
export function parseFreshness(setting: string): Record<string, number> {
  const out: Record<string, number> = { ...DEFAULT_FRESHNESS_MS };
  for (const pair of setting.split(",").filter(Boolean)) {
    const m = /^([a-z_]+)=(\d+)([smhd])$/.exec(pair.trim());
    if (!m) throw new Error(`LOOKUP_FRESHNESS: "${pair}" is not subset=duration (like financials=7d)`);
    out[m[1]] = Number(m[2]) * UNIT_MS[m[3]];
  }
  return out;
}

/** How long a subset's answer is kept fresh; one this platform does not know yet: a day, like most. */
export function freshnessMs(freshness: Record<string, number>, subset: string): number {
  return freshness[subset] ?? DAY_MS;
}
