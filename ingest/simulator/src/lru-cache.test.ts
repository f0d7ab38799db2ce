import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.ts';

describe('LruCache', () => {
  it('forgets the entry least recently asked for once full', () => {
    const cache = new LruCache<number, string>(2);
    cache.set(1, 'one');
    cache.set(2, 'two');
    expect(cache.get(1)).toBe('one');
    cache.set(3, 'three');
    expect(cache.has(2)).toBe(false);
    expect([cache.get(1), cache.get(3)]).toEqual(['one', 'three']);
    expect(cache.size).toBe(2);
  });

  it('makes a missing value once and keeps it', () => {
    const cache = new LruCache<string, number>(3);
    let made = 0;
    const make = () => ++made;
    expect([cache.getOrCreate('a', make), cache.getOrCreate('a', make)]).toEqual([1, 1]);
    expect(made).toBe(1);
  });

  it('refuses a capacity that could not hold anything', () => {
    expect(() => new LruCache(0)).toThrow(RangeError);
  });
});
