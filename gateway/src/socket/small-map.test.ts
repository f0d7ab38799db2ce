import { describe, expect, it } from 'vitest';
import { SmallMap } from './small-map.ts';

/** Runs the same operations on a SmallMap and a Map and expects the same answers all along. */
function sameAsMap(ops: (map: Map<unknown, unknown>) => unknown[]): void {
  expect(ops(new SmallMap())).toEqual(ops(new Map()));
}

const contents = (map: Map<unknown, unknown>) => [map.size, [...map], [...map.keys()], [...map.values()]];

describe('SmallMap behaves as a Map', () => {
  it('with no entry, one, and a second key (which moves it to a real Map)', () => {
    sameAsMap((map) => [
      contents(map),
      map.get('a'),
      map.has('a'),
      map.delete('a'),
      map.set('a', 1) === map,
      contents(map),
      map.get('a'),
      map.has('a'),
      map.has('b'),
      map.set('a', 2).get('a'),
      contents(map),
      map.set('b', 3).get('b'),
      contents(map),
      map.delete('a'),
      contents(map),
      map.set('a', 4) && contents(map),
    ]);
  });

  it('deletes, clears, and compares keys as SameValueZero', () => {
    sameAsMap((map) => [
      map.set(NaN, 'nan').get(NaN),
      map.delete(NaN),
      map.set(0, 'zero').get(-0),
      map.delete(-0),
      map.set({}, 'object').get({}),
      contents(map),
      (map.clear(), contents(map)),
      map.set('x', 1).set('y', 2).size,
      (map.clear(), contents(map)),
      map.set('z', 3) && contents(map),
    ]);
  });

  it('calls forEach with value, key and the map, in insertion order', () => {
    for (const entries of [
      [['a', 1]],
      [
        ['a', 1],
        ['b', 2],
      ],
    ] as [string, number][][]) {
      const small = SmallMap.from(new Map(entries));
      const seen: unknown[] = [];
      const self = {};
      small.forEach(function (this: unknown, value, key, map) {
        seen.push([key, value, map === small, this === self]);
      }, self);
      expect(seen).toEqual(entries.map(([k, v]) => [k, v, true, true]));
    }
  });

  it('lets its entries be removed while they are iterated, as Socket.IO does on close', () => {
    const small = SmallMap.from(new Map([['id', 'socket']]));
    const closed: string[] = [];
    for (const value of small.values()) {
      closed.push(value);
      small.delete('id');
    }
    expect(closed).toEqual(['socket']);
    expect(small.size).toBe(0);
  });

  it('reads as a Map', () => {
    expect(Object.prototype.toString.call(new SmallMap())).toBe('[object Map]');
  });
});
