import {
  emptyScore,
  type Match,
  type MatchChange,
  type MatchDelta,
  type MatchDetail,
  type Score,
} from '@pitchside/shared/domain';

/** A schema-valid live match: the stores parse what they receive, so fixtures must be real shapes. */
export function liveMatch(id: string, overrides: Partial<Match> = {}): Match {
  return {
    id,
    competition: {
      id: 'pl',
      name: 'Premier League',
      type: 'league',
      country: 'England',
      season: 2025,
      logo: null,
    },
    round: 'Regular Season - 3',
    kickoff: '2025-08-23T14:00:00.000Z',
    venue: { name: 'Anfield', city: 'Liverpool' },
    referee: null,
    status: 'first_half',
    clock: { elapsed: 10, stoppage: null },
    home: { id: 'liv', name: 'Liverpool', logo: null },
    away: { id: 'ars', name: 'Arsenal', logo: null },
    score: scoreOf(0, 0),
    ...overrides,
  };
}

export const detailOf = (match: Match): MatchDetail => ({ match, events: [], lineups: [], statistics: [] });

export function delta(matchId: string, epoch: string, seq: number, ...changes: MatchChange[]): MatchDelta {
  return { matchId, epoch, seq, at: Date.now(), changes };
}

export const scoreOf = (home: number, away: number): Score => ({ ...emptyScore(), current: { home, away } });

export const scoreChange = (home: number, away: number): MatchChange => ({
  type: 'score',
  score: scoreOf(home, away),
});

export const clockChange = (elapsed: number): MatchChange => ({
  type: 'clock',
  clock: { elapsed, stoppage: null },
});

export const goalAdded = (id: string, minute: number, teamId: string): MatchChange => ({
  type: 'event_added',
  event: {
    id,
    kind: 'goal',
    minute,
    stoppage: null,
    teamId,
    player: { id: null, name: 'Scorer' },
    related: null,
    detail: null,
  },
});
