/** Runs `run` `times` times and returns the median duration in milliseconds. */
export async function median(times: number, run: () => Promise<void>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const t = performance.now();
    await run();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

/**
 * Runs every function once per round, rotating the order each round, and returns each one's
 * median in milliseconds. Interleaving makes a drift in machine speed hit all of them alike, so
 * their ratios hold even when absolute times wander.
 */
export async function interleavedMedians<K extends string>(
  rounds: number,
  runs: Record<K, () => Promise<void>>,
): Promise<Record<K, number>> {
  const names = Object.keys(runs) as K[];
  const samples = new Map<K, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (let i = 0; i < names.length; i += 1) {
      const name = names[(round + i) % names.length];
      const t = performance.now();
      await runs[name]();
      samples.get(name)!.push(performance.now() - t);
    }
  }
  const result = {} as Record<K, number>;
  for (const name of names) {
    const sorted = samples.get(name)!.sort((a, b) => a - b);
    result[name] = sorted[Math.floor(sorted.length / 2)];
  }
  return result;
}
