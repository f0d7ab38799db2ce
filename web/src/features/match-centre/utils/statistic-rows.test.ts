import { describe, expect, it } from 'vitest';
import { statisticRows } from './statistic-rows.ts';

describe('statisticRows', () => {
  it('pairs home and away in the domain order with the home share of each', () => {
    const rows = statisticRows(
      [
        { teamId: 'away', values: { possession: 46, shots_total: 0, expected_goals: 0.5 } },
        { teamId: 'home', values: { possession: 54, shots_total: 0, corners: 3 } },
      ],
      'home',
      'away',
    );
    expect(rows.map((r) => r.key)).toEqual(['possession', 'shots_total', 'corners', 'expected_goals']);
    expect(rows[0]).toMatchObject({ format: 'percent', home: 54, away: 46, homeShare: 0.54, leader: 'home' });
    expect(rows[1]).toMatchObject({ homeShare: 0.5, leader: null });
    expect(rows[2]).toMatchObject({ home: 3, away: null, homeShare: 1, leader: 'home' });
    expect(rows[3]).toMatchObject({ format: 'decimal', home: null, homeShare: 0, leader: 'away' });
  });

  it('is empty without statistics', () => {
    expect(statisticRows([], 'home', 'away')).toEqual([]);
  });
});
