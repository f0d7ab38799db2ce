import { describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import type { Match } from '@pitchside/shared/domain';
import { headToHead } from './head-to-head.ts';

const entry = (match: Match) => ({ match, epoch: 'e', seq: 1 });
const UNITED = { id: '33', name: 'Manchester United', logo: null };
const CITY = { id: '50', name: 'Manchester City', logo: null };
const OTHER = { id: '40', name: 'Liverpool', logo: null };
const result = (
  id: string,
  kickoff: string,
  home: number,
  away: number,
  swap = false,
  status: Match['status'] = 'finished',
) =>
  entry(
    liveMatch(home, away, 90, {
      id,
      kickoff,
      status,
      home: swap ? CITY : UNITED,
      away: swap ? UNITED : CITY,
    }),
  );

describe('headToHead', () => {
  const entries = [
    result('old', '2025-01-10T15:00:00Z', 2, 1),
    result('away-win', '2025-09-10T15:00:00Z', 3, 0, true), // City at home win 3-0
    result('pens', '2026-03-01T15:00:00Z', 1, 1, false, 'finished_pen'),
    entry(liveMatch(0, 0, 10, { id: 'live', kickoff: '2026-11-22T15:00:00Z' })),
    entry(buildMatch({ id: 'next', kickoff: '2026-12-22T15:00:00Z', home: CITY, away: UNITED })),
    entry(buildMatch({ id: 'off', kickoff: '2026-12-01T15:00:00Z', status: 'postponed' })),
    entry(liveMatch(5, 0, 90, { id: 'other', status: 'finished', away: OTHER })),
  ];

  it("keeps score from team A's side over the finished meetings", () => {
    expect(headToHead(entries, '33', '50').record).toEqual({
      played: 3,
      winsA: 1,
      draws: 1,
      winsB: 1,
      goalsA: 3,
      goalsB: 5,
    });
    expect(headToHead(entries, '50', '33').record).toMatchObject({
      winsA: 1,
      winsB: 1,
      goalsA: 5,
      goalsB: 3,
    });
  });

  it('lists finished meetings newest first and the ones to come (or in play) soonest first', () => {
    const { past, upcoming } = headToHead(entries, '33', '50');
    expect(past.map((e) => e.match.id)).toEqual(['pens', 'away-win', 'old']);
    expect(upcoming.map((e) => e.match.id)).toEqual(['live', 'next']);
  });
});
