import { emptyScore, MatchSchema, type Match, type MatchEvent, type MatchDetail } from '../domain/index.ts';

/**
 * Valid domain values for tests, built through the real schemas so a test can never start from a shape
 * production would reject. Only for tests: no package's src imports this outside *.test.ts.
 */
export function buildMatch(overrides: Partial<Match> = {}): Match {
  return MatchSchema.parse({
    id: '1001',
    competition: {
      id: '39',
      name: 'Premier League',
      type: 'league',
      country: 'England',
      season: 2026,
      logo: null,
    },
    round: 'Regular Season - 12',
    kickoff: '2026-11-22T15:00:00Z',
    venue: { name: 'Old Trafford', city: 'Manchester' },
    referee: null,
    status: 'scheduled',
    clock: { elapsed: null, stoppage: null },
    home: { id: '33', name: 'Manchester United', logo: null },
    away: { id: '50', name: 'Manchester City', logo: null },
    score: emptyScore(),
    ...overrides,
  });
}

export function buildEvent(overrides: Partial<MatchEvent> = {}): MatchEvent {
  return {
    id: '1001-goal-33-10-0',
    kind: 'goal',
    minute: 10,
    stoppage: null,
    teamId: '33',
    player: { id: '909', name: 'M. Rashford' },
    related: null,
    detail: 'Normal Goal',
    ...overrides,
  };
}

export function buildDetail(overrides: Partial<MatchDetail> = {}): MatchDetail {
  return { match: buildMatch(), events: [], lineups: [], statistics: [], ...overrides };
}

/** The same match, in play, with a score. */
export function liveMatch(
  home: number,
  away: number,
  elapsed: number,
  overrides: Partial<Match> = {},
): Match {
  const score = emptyScore();
  score.current = { home, away };
  return buildMatch({
    status: elapsed <= 45 ? 'first_half' : 'second_half',
    clock: { elapsed, stoppage: null },
    score,
    ...overrides,
  });
}
