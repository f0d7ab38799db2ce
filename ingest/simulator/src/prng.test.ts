import { describe, expect, it } from 'vitest';
import { Rng, deriveSeed } from './prng.ts';

describe('seeded randomness', () => {
  it('repeats itself for a seed and differs across seeds', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, () => new Rng(seed).float());
    expect(draw(7)).toEqual(draw(7));
    const a = new Rng(7);
    const b = new Rng(8);
    expect([a.float(), a.float()]).not.toEqual([b.float(), b.float()]);
    expect(deriveSeed(1, 'script', 2)).toBe(deriveSeed(1, 'script', 2));
    expect(deriveSeed(1, 'script', 2)).not.toBe(deriveSeed(1, 'script', 3));
  });

  it('draws in range and with about the right mean', () => {
    const rng = new Rng(42);
    const ints = Array.from({ length: 5000 }, () => rng.int(1, 6));
    expect(Math.min(...ints)).toBe(1);
    expect(Math.max(...ints)).toBe(6);
    const goals = Array.from({ length: 5000 }, () => rng.poisson(1.4));
    expect(goals.reduce((s, g) => s + g, 0) / goals.length).toBeCloseTo(1.4, 1);
  });
});
