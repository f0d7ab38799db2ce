import { MatchEventSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { parseUpstream } from '../parse-upstream.ts';
import { FdMatchSchema } from './match-schema.ts';
import { normaliseFdEvents } from './normalise-events.ts';

// The free tier sends no goals, bookings or substitutions (shared/data/football-data/SOURCES.md: "Gaps"), so
// this match is written by hand in the v4 documented shape.
const match = (over: Record<string, unknown> = {}) =>
  parseUpstream(
    FdMatchSchema,
    {
      id: 1437,
      competition: { id: 2002, name: 'Bundesliga', type: 'LEAGUE' },
      season: { startDate: '2021-08-13' },
      utcDate: '2022-05-14T13:30:00Z',
      status: 'FINISHED',
      matchday: 34,
      stage: 'REGULAR_SEASON',
      group: null,
      homeTeam: { id: 4, name: 'Borussia Dortmund' },
      awayTeam: { id: 9, name: 'Hertha BSC' },
      score: { duration: 'REGULAR', fullTime: { home: 2, away: 2 } },
      goals: [
        {
          minute: 18,
          injuryTime: null,
          type: 'PENALTY',
          team: { id: 9 },
          scorer: { id: 9466, name: 'Ishak Belfodil' },
          assist: null,
          score: { home: 0, away: 1 },
        },
        // An own goal by a Dortmund player listed under Dortmund: the score says it counted for Hertha.
        {
          minute: 45,
          injuryTime: 2,
          type: 'OWN',
          team: { id: 4 },
          scorer: { id: 1, name: 'Mats Hummels' },
          assist: null,
          score: { home: 0, away: 2 },
        },
        {
          minute: 68,
          injuryTime: null,
          type: 'PENALTY',
          team: { id: 4 },
          scorer: { id: 38101, name: 'Erling Haaland' },
          assist: null,
          score: { home: 1, away: 2 },
        },
        {
          minute: 84,
          injuryTime: null,
          type: 'REGULAR',
          team: { id: 4 },
          scorer: { id: 150817, name: 'Youssoufa Moukoko' },
          assist: { id: 125010, name: 'Jude Bellingham' },
          score: { home: 2, away: 2 },
        },
      ],
      bookings: [
        { minute: 30, team: { id: 9 }, player: { id: 5, name: 'Marvin Plattenhardt' }, card: 'YELLOW' },
        { minute: 70, team: { id: 9 }, player: { id: 5, name: 'Marvin Plattenhardt' }, card: 'YELLOW_RED' },
      ],
      substitutions: [
        {
          minute: 60,
          team: { id: 4 },
          playerOut: { id: 7, name: 'Marco Reus' },
          playerIn: { id: 150817, name: 'Youssoufa Moukoko' },
        },
      ],
      ...over,
    },
    'x',
  );

describe('football-data.org v4 goals, bookings and substitutions', () => {
  it('merges the three lists into one timeline with stable ids', () => {
    const events = normaliseFdEvents('1437', match())!;
    for (const e of events) MatchEventSchema.parse(e);
    expect(events.map((e) => [e.id, e.kind, e.teamId, e.player?.name])).toEqual([
      ['1437-goal-9-18-1', 'penalty_goal', '9', 'Ishak Belfodil'],
      ['1437-card-9-30-1', 'yellow', '9', 'Marvin Plattenhardt'],
      ['1437-goal-9-45.2-1', 'own_goal', '9', 'Mats Hummels'],
      ['1437-subst-4-60-1', 'substitution', '4', 'Youssoufa Moukoko'],
      ['1437-goal-4-68-1', 'penalty_goal', '4', 'Erling Haaland'],
      ['1437-card-9-70-1', 'second_yellow', '9', 'Marvin Plattenhardt'],
      ['1437-goal-4-84-1', 'goal', '4', 'Youssoufa Moukoko'],
    ]);
    expect(events[3]!.related).toEqual({ id: '7', name: 'Marco Reus' });
    expect(events[6]!.related).toEqual({ id: '125010', name: 'Jude Bellingham' });
  });

  it("numbers each team's substitutions in match order, however v4 lists them", () => {
    const sub = (minute: number, team: number, n: number) => ({
      minute,
      team: { id: team },
      playerOut: { id: n, name: `Out ${n}` },
      playerIn: { id: 100 + n, name: `In ${n}` },
    });
    const events = normaliseFdEvents(
      '1437',
      match({
        substitutions: [
          sub(112, 4, 6),
          sub(60, 4, 1),
          sub(61, 9, 2),
          sub(70, 4, 3),
          sub(70, 4, 4),
          sub(91, 4, 5),
        ],
      }),
    )!;
    const subs = events.filter((e) => e.kind === 'substitution');
    expect(subs.map((e) => [e.minute, e.teamId, e.number])).toEqual([
      [60, '4', 1],
      [61, '9', 1],
      [70, '4', 2],
      [70, '4', 3],
      [91, '4', 4],
      [112, '4', 5],
    ]);
  });

  it('keeps ids when a scorer is renamed', () => {
    const before = normaliseFdEvents('1437', match())!;
    const renamed = match();
    renamed.goals![3]!.scorer = { id: 150817, name: 'Y. Moukoko' };
    expect(normaliseFdEvents('1437', renamed)!.map((e) => e.id)).toEqual(before.map((e) => e.id));
  });

  it('says "not in this payload" (undefined) on the free tier, "none" ([]) when the lists are empty', () => {
    expect(
      normaliseFdEvents('1437', match({ goals: undefined, bookings: undefined, substitutions: undefined })),
    ).toBeUndefined();
    expect(normaliseFdEvents('1437', match({ goals: [], bookings: [], substitutions: [] }))).toEqual([]);
  });
});
