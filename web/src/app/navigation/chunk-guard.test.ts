import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadForFailedChunk } from './chunk-guard.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('chunk-load failure guard (SPEC 4: reload once per 60 s)', () => {
  it('reloads the first time and remembers when', () => {
    const storage = memoryStorage();
    let reloads = 0;
    expect(reloadForFailedChunk(storage, () => reloads++, 1_000_000)).toBe(true);
    expect(reloads).toBe(1);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
  });

  it('does not reload again within 60 s, and does after', () => {
    const storage = memoryStorage();
    let reloads = 0;
    reloadForFailedChunk(storage, () => reloads++, 1_000_000);
    expect(reloadForFailedChunk(storage, () => reloads++, 1_059_999)).toBe(false);
    expect(reloadForFailedChunk(storage, () => reloads++, 1_060_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
