const EMPTY = Symbol('empty');

/**
 * A `Map` that holds its first entry in two fields, and moves to a real `Map` when a second key arrives.
 *
 * Socket.IO gives every connection three maps that hold at most one entry for a viewer's lifetime: the
 * client's sockets by id and by namespace (one namespace, one socket) and the socket's pending acks (we never
 * emit with an ack, so it stays empty). The smallest `Map` V8 makes is a table with room for four entries:
 * 168 to 184 bytes each. This is 48. It behaves as a `Map` does for what Socket.IO and its adapter do with
 * those maps (get, set, has, delete, clear, size, forEach, iteration in insertion order, SameValueZero keys).
 */
export class SmallMap<K, V> implements Map<K, V> {
  private key: K | typeof EMPTY = EMPTY;
  private value: V | undefined = undefined;
  private spilled: Map<K, V> | undefined = undefined;

  static from<K, V>(map: ReadonlyMap<K, V>): SmallMap<K, V> {
    const small = new SmallMap<K, V>();
    for (const [key, value] of map) small.set(key, value);
    return small;
  }

  get size(): number {
    if (this.spilled) return this.spilled.size;
    return this.key === EMPTY ? 0 : 1;
  }

  get(key: K): V | undefined {
    if (this.spilled) return this.spilled.get(key);
    return this.holds(key) ? this.value : undefined;
  }

  has(key: K): boolean {
    return this.spilled ? this.spilled.has(key) : this.holds(key);
  }

  set(key: K, value: V): this {
    if (this.spilled) this.spilled.set(key, value);
    else if (this.key === EMPTY || this.holds(key)) {
      this.key = key;
      this.value = value;
    } else {
      this.spilled = new Map<K, V>([[this.key, this.value as V]]).set(key, value);
      this.key = EMPTY;
      this.value = undefined;
    }
    return this;
  }

  delete(key: K): boolean {
    if (this.spilled) return this.spilled.delete(key);
    if (!this.holds(key)) return false;
    this.key = EMPTY;
    this.value = undefined;
    return true;
  }

  clear(): void {
    this.spilled = undefined;
    this.key = EMPTY;
    this.value = undefined;
  }

  forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  /** Iterators come from a real Map, so they are `MapIterator`s; a copy when unspilled (iterated on close only). */
  entries(): MapIterator<[K, V]> {
    return this.asMap().entries();
  }

  keys(): MapIterator<K> {
    return this.asMap().keys();
  }

  values(): MapIterator<V> {
    return this.asMap().values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Map';
  }

  /** SameValueZero, as Map compares keys. */
  private holds(key: K): boolean {
    const own = this.key;
    return own !== EMPTY && (own === key || (own !== own && key !== key));
  }

  private asMap(): Map<K, V> {
    if (this.spilled) return this.spilled;
    return this.key === EMPTY ? new Map() : new Map([[this.key, this.value as V]]);
  }
}
