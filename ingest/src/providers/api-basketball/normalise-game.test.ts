import { MatchSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { basketballScore, normaliseGame, providerId } from './normalise-game.ts';
import type { ApiGame } from './schemas.ts';

const side = (q: (number | null)[], ot: number | null = null) => ({
  quarter_1: q[0] ?? null,
  quarter_2: q[1] ?? null,
  quarter_3: q[2] ?? null,
  quarter_4: q[3] ?? null,
  over_time: ot,
  total:
    q.every((x) => x === null) && ot === null
      ? null
      : q.reduce<number>((s, x) => s + (x ?? 0), 0) + (ot ?? 0),
});

/** The shape of API-Basketball's `/games` items (NBA, 2021-10-20), with the status and scores a test wants. */
function game(overrides: Partial<ApiGame> = {}): ApiGame {
  return {
    id: 137229,
    date: '2021-10-20T02:00:00+00:00',
    timestamp: 1634695200,
    stage: null,
    week: null,
    venue: 'Crypto.com Arena',
    status: { long: 'Quarter 3', short: 'Q3', timer: '7' },
    league: { id: 12, name: 'NBA', type: 'League', season: '2021-2022', logo: 'nba.png' },
    country: { id: 5, name: 'USA', code: 'US', flag: 'us.svg' },
    teams: {
      home: { id: 145, name: 'Los Angeles Lakers', logo: 'lal.png' },
      away: { id: 141, name: 'Golden State Warriors', logo: 'gsw.png' },
    },
    scores: { home: side([34, 25, 12, null]), away: side([32, 21, 16, null]) },
    ...overrides,
  };
}

describe('normaliseGame', () => {
  it('makes a basketball match with namespaced ids, the quarter as status and its minute as clock', () => {
    const match = MatchSchema.parse(normaliseGame(game()));
    expect(match).toMatchObject({
      id: 'bb-137229',
      competition: { id: 'bb-12', name: 'NBA', type: 'league', season: 2021, sport: 'basketball' },
      kickoff: '2021-10-20T02:00:00Z',
      venue: { name: 'Crypto.com Arena', city: null },
      status: 'third_quarter',
      clock: { elapsed: 7, stoppage: null },
      home: { id: 'bb-145', name: 'Los Angeles Lakers' },
      away: { id: 'bb-141' },
    });
    expect(match.score).toEqual({
      current: { home: 71, away: 69 },
      halftime: { home: 59, away: 53 },
      fulltime: { home: null, away: null },
      extratime: { home: null, away: null },
      penalties: { home: null, away: null },
      periods: [
        { home: 34, away: 32 },
        { home: 25, away: 21 },
        { home: 12, away: 16 },
      ],
    });
  });

  it('reads "7:42" timers, breaks and finished games', () => {
    expect(normaliseGame(game({ status: { long: 'x', short: 'Q4', timer: '7:42' } })).clock.elapsed).toBe(7);
    const atBreak = normaliseGame(game({ status: { long: 'Break Time', short: 'BT', timer: null } }));
    expect(atBreak).toMatchObject({ status: 'break', clock: { elapsed: null } });
    const notStarted = normaliseGame(
      game({
        status: { long: 'Not Started', short: 'NS', timer: null },
        scores: { home: side([]), away: side([]) },
      }),
    );
    expect(notStarted.score.current).toEqual({ home: null, away: null });
    expect(notStarted.score.periods).toEqual([]);
  });

  it('counts overtime apart: regulation in fulltime, overtime in extratime, AOT a finish after overtime', () => {
    const score = basketballScore(side([20, 20, 20, 20], 12), side([25, 15, 20, 20], 9), 'AOT');
    expect(score.current).toEqual({ home: 92, away: 89 });
    expect(score.fulltime).toEqual({ home: 80, away: 80 });
    expect(score.extratime).toEqual({ home: 12, away: 9 });
    expect(score.periods).toHaveLength(5);
    expect(
      normaliseGame(game({ status: { long: 'After Over Time', short: 'AOT', timer: null } })).status,
    ).toBe('finished_aet');
  });

  it("turns our ids back into the provider's, and refuses football's", () => {
    expect(providerId('bb-12')).toBe('12');
    expect(providerId('12')).toBeNull();
    expect(providerId('bb-x')).toBeNull();
  });
});
