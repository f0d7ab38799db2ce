/**
 * Seeded randomness for the simulator. Every random choice goes through an `Rng` built from a seed derived
 * from (simulator seed, what is being generated), never from `Math.random`, so the same seed gives the same
 * match day on every machine, and one fixture's script does not shift when another fixture is added.
 */

/**
 * mulberry32 (Tommy Ettinger, public domain): 32 bits of state, one multiply-xorshift round per number.
 * Plenty for a simulation; not for anything that must be unpredictable.
 * https://gist.github.com/tommyettinger/46a874533244883189143505d203312c
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from any mix of numbers and strings (FNV-1a over their text), e.g. (seed, 'script', id). */
export function deriveSeed(...parts: readonly (number | string)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u241f')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Rng {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A child generator for one sub-task, independent of how many numbers this one has drawn. */
  static for(...parts: readonly (number | string)[]): Rng {
    return new Rng(deriveSeed(...parts));
  }

  /** Uniform in [0, 1). */
  float(): number {
    return this.next();
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both ends included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: nothing to pick from');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One item, each with probability proportional to its weight (weights must not all be zero). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0);
    let target = this.next() * total;
    for (const item of items) {
      target -= weight(item);
      if (target < 0) return item;
    }
    return this.pick(items);
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** Poisson-distributed count (Knuth), for goals, cards and shots per match. */
  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let count = 0;
    let product = this.next();
    while (product > limit) {
      count++;
      product *= this.next();
    }
    return count;
  }
}
