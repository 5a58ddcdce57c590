// Deterministic hashing and pseudo-random numbers: every generated value is a pure function of a
// string seed, so the same user id yields the same data on every machine.

/** cyrb53: a fast 53-bit string hash (public domain), stable across platforms. */
export function hash53(input: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < input.length; i++) {
    const ch = input.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A hash as fixed-width upper-case base-36 text (for ids and references). */
export function hashText(input: string, length = 10): string {
  let out = "";
  let n = hash53(input);
  let salt = 1;
  while (out.length < length) {
    out += n.toString(36).toUpperCase().padStart(11, "0").slice(-11);
    n = hash53(input, salt++);
  }
  return out.slice(0, length);
}

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max] inclusive. */
  int: (min: number, max: number) => number;
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
};

/** mulberry32 seeded from a string hash. */
export function rngFor(seed: string): Rng {
  let state = hash53(seed) >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/** Digits-only deterministic string of a given length. */
export function digitsFor(seed: string, length: number): string {
  let out = "";
  let salt = 0;
  while (out.length < length) out += String(hash53(seed, salt++)).padStart(16, "0").slice(-15);
  return out.slice(0, length);
}

/** Upper-case letters deterministic string of a given length. */
export function lettersFor(seed: string, length: number): string {
  const rng = rngFor(seed);
  let out = "";
  for (let i = 0; i < length; i++) out += String.fromCharCode(65 + rng.int(0, 25));
  return out;
}
