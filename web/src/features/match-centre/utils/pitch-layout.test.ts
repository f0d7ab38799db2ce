import { describe, expect, it } from 'vitest';
import { LineupPlayerSchema, type LineupPlayer } from '@pitchside/shared/domain';
import { placeLineup, shortName } from './pitch-layout.ts';

const player = (
  number: number,
  grid: string | null,
  position: LineupPlayer['position'] = null,
): LineupPlayer =>
  LineupPlayerSchema.parse({ id: String(100 + number), name: `Player ${number}`, number, position, grid });

describe('placeLineup', () => {
  // Manchester City's 4-3-3 as API-Football gives it: Walker (2) right back at 2:4, Zinchenko (11) left at 2:1.
  const city = [
    player(31, '1:1', 'G'),
    player(2, '2:4'),
    player(5, '2:3'),
    player(3, '2:2'),
    player(11, '2:1'),
    player(17, '3:3'),
    player(25, '3:2'),
    player(47, '3:1'),
    player(26, '4:3'),
    player(9, '4:2'),
    player(7, '4:1'),
  ];

  it("puts the goalkeeper deepest, the forwards highest, and column one on the team's left", () => {
    const spots = placeLineup({ startXI: city, formation: '4-3-3' })!;
    const at = (n: number) => spots.find((s) => s.player.number === n)!;
    expect(at(31)).toMatchObject({ across: 0.5, depth: 0.1, goalkeeper: true });
    expect(at(11).across).toBeLessThan(at(3).across);
    expect(at(3).across).toBeLessThan(at(5).across);
    expect(at(5).across).toBeLessThan(at(2).across);
    expect(at(2)).toMatchObject({ across: 0.875, goalkeeper: false });
    expect(at(9)).toMatchObject({ across: 0.5, depth: 0.86 });
    expect(at(17).depth).toBeGreaterThan(at(2).depth);
    expect(at(17).depth).toBeLessThan(at(9).depth);
  });

  it('falls back to the formation, in listing order, when the grid is missing', () => {
    const spots = placeLineup({ startXI: city.map((p) => ({ ...p, grid: null })), formation: '4-3-3' })!;
    expect(spots.filter((s) => s.goalkeeper).map((s) => s.player.number)).toEqual([31]);
    const depths = new Set(spots.map((s) => s.depth));
    expect(depths.size).toBe(4);
    expect(spots.find((s) => s.player.number === 7)!.depth).toBe(0.86);
  });

  it('gives up (a list instead of a pitch) without a grid or a formation that fits', () => {
    expect(placeLineup({ startXI: [], formation: '4-4-2' })).toBeNull();
    expect(placeLineup({ startXI: city.map((p) => ({ ...p, grid: null })), formation: null })).toBeNull();
    expect(placeLineup({ startXI: city.map((p) => ({ ...p, grid: null })), formation: '4-4-1' })).toBeNull();
  });
});

describe('shortName', () => {
  it('keeps the surname, with its particles', () => {
    expect(shortName('Ben Lowe')).toBe('Lowe');
    expect(shortName('B. Lowe')).toBe('Lowe');
    expect(shortName('Kevin De Bruyne')).toBe('De Bruyne');
    expect(shortName('Virgil van Dijk')).toBe('van Dijk');
    expect(shortName('Fernandinho')).toBe('Fernandinho');
  });
});
