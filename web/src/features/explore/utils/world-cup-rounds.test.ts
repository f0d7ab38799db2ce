/** The World Cup page's round order, bracket columns and winners. */
import { describe, expect, it } from 'vitest';
import { buildMatch } from '@pitchside/shared/testing';
import { bracketRounds, roundsInOrder, winnerOf } from './world-cup-rounds.ts';

describe('world cup rounds', () => {
  const final = buildMatch({
    id: '64',
    round: 'Final',
    kickoff: '2022-12-18T15:00:00Z',
    status: 'finished_pen',
    score: {
      current: { home: 3, away: 3 },
      halftime: { home: 2, away: 0 },
      fulltime: { home: 2, away: 2 },
      extratime: { home: 1, away: 1 },
      penalties: { home: 4, away: 2 },
    },
  });
  const group = buildMatch({ id: '1', round: 'Group Stage - 1', kickoff: '2022-11-20T16:00:00Z' });
  const r16 = buildMatch({ id: '49', round: 'Round of 16', kickoff: '2022-12-03T15:00:00Z' });

  it('orders rounds as played and keeps only knockout rounds in the bracket', () => {
    expect(roundsInOrder([final, r16, group]).map((r) => r.name)).toEqual([
      'Group Stage - 1',
      'Round of 16',
      'Final',
    ]);
    expect(bracketRounds([final, r16, group]).map((r) => r.name)).toEqual(['Round of 16', 'Final']);
  });

  it('decides a shoot-out by its penalties', () => {
    expect(winnerOf(final)).toBe('home');
    expect(winnerOf({ ...final, status: 'penalties' })).toBeNull();
  });
});
