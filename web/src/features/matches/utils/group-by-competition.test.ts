import { describe, expect, it } from 'vitest';
import type { Match } from '@pitchside/shared/domain';
import { buildMatch } from '@pitchside/shared/testing';
import { groupByCompetition } from './group-by-competition.ts';

const competition = (
  id: string,
  name: string,
  country: string | null,
  sport?: string,
): Match['competition'] => ({
  id,
  name,
  type: 'league',
  country,
  season: 2026,
  logo: null,
  ...(sport ? { sport } : {}),
});

const matches: Match[] = [
  buildMatch({
    id: '1',
    competition: competition('it', 'Serie A', 'Italy'),
    kickoff: '2026-11-22T18:00:00Z',
  }),
  buildMatch({
    id: '2',
    competition: competition('en', 'Premier League', 'England'),
    kickoff: '2026-11-22T15:00:00Z',
  }),
  buildMatch({
    id: '3',
    competition: competition('nba', 'NBA', 'USA', 'basketball'),
    kickoff: '2026-11-22T01:00:00Z',
  }),
  buildMatch({
    id: '4',
    competition: competition('cl', 'Champions League', null),
    kickoff: '2026-11-22T20:00:00Z',
  }),
  buildMatch({
    id: '5',
    competition: competition('en', 'Premier League', 'England'),
    kickoff: '2026-11-22T17:30:00Z',
    home: { id: 'ars', name: 'Arsenal', logo: null },
    away: { id: 'che', name: 'Chelsea', logo: null },
  }),
];
const order = (groups: ReturnType<typeof groupByCompetition>) => groups.map((g) => g.competition.id);

describe('groupByCompetition', () => {
  it('lists football first, international competitions before countries, then by country', () => {
    expect(order(groupByCompetition(matches))).toEqual(['cl', 'en', 'it', 'nba']);
  });

  it('puts favourite competitions first, then those where a favourite team plays', () => {
    const groups = groupByCompetition(matches, { competition: new Set(['nba']), team: new Set(['che']) });
    expect(order(groups)).toEqual(['nba', 'en', 'cl', 'it']);
    // Within its group, the favourite team's match leads even though it kicks off later.
    expect(groups[1]!.matches.map((m) => m.id)).toEqual(['5', '2']);
  });
});
