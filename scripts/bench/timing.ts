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
