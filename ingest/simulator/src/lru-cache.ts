/**
 * A bounded map that forgets the entry least recently asked for. The simulator generates match days on
 * demand and keeps only the last few, so a simulator left running for days holds as much as one that just
 * started. A Map remembers insertion order, so re-inserting on every read is all the bookkeeping needed.
 */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(`LruCache: capacity must be a positive integer, got ${capacity}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, now the most recently used; undefined if absent. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  /** The cached value, or `make()` stored as the most recently used. */
  getOrCreate(key: K, make: () => V): V {
    if (this.entries.has(key)) return this.get(key) as V;
    const value = make();
    this.set(key, value);
    return value;
  }
}
