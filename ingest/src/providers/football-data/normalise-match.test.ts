import { MatchSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { parseUpstream } from '../parse-upstream.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { FdMatchListSchema, FdMatchSchema, type FdMatch } from './match-schema.ts';
import { normaliseMatch } from './normalise-match.ts';
import { mapFdStatus } from './status-map.ts';

const NOW = Date.UTC(2022, 8, 12, 23, 6, 43);
const list = (file: string) =>
  parseUpstream(FdMatchListSchema, readSharedJson(`football-data/${file}`), file).matches;

warnIfNoSharedData('football-data matches');

describe.skipIf(!hasSharedData)('football-data.org v4 matches, real responses', () => {
  it('normalises the 34 matches of 4 September 2022 as scheduled, valid, kickoff in UTC', () => {
    const matches = list('v4_matches_dateFrom-2022-09-04_all-TIMED.body.json').map((m) =>
      normaliseMatch(m, NOW)!,
    );
    expect(matches).toHaveLength(34);
    for (const m of matches) expect(MatchSchema.parse(m).status).toBe('scheduled');
    expect(matches[0]).toMatchObject({
      id: '415963',
      competition: { id: '2003', name: 'Eredivisie', type: 'league', country: 'Netherlands', season: 2022 },
      round: 'Regular Season - 5',
      kickoff: '2022-09-04T10:15:00Z',
      referee: 'Jannick van der Laan',
      home: { id: '683', name: 'RKC Waalwijk', logo: 'https://crests.football-data.org/683.png' },
      score: { current: { home: null, away: null }, fulltime: { home: null, away: null } },
    });
  });

  it('normalises a finished match: Brest 1-1 Strasbourg', () => {
    const raw = parseUpstream(
      FdMatchSchema,
      readSharedJson('football-data/v4_matches_417211_FINISHED.body.json'),
      'x',
    );
    const match = MatchSchema.parse(normaliseMatch(raw, NOW));
    expect(match).toMatchObject({
      id: '417211',
      status: 'finished',
      venue: { name: 'Stade Francis-Le Blé', city: null },
      referee: 'Bastien Dechepy',
      score: {
        current: { home: 1, away: 1 },
        halftime: { home: 1, away: 1 },
        fulltime: { home: 1, away: 1 },
        penalties: { home: null, away: null },
      },
    });
  });

  it('counts the Série A season: 260 finished, 2 postponed, 118 still to play', () => {
    const matches = list('v4_competitions_BSA_matches_season2022_with-POSTPONED.body.json').map((m) =>
      normaliseMatch(m, NOW)!,
    );
    const count = (s: string) => matches.filter((m) => m.status === s).length;
    expect(matches).toHaveLength(380);
    expect([count('finished'), count('postponed'), count('scheduled')]).toEqual([260, 2, 118]);
    expect(matches.find((m) => m.id === '390057')).toMatchObject({
      status: 'postponed',
      kickoff: '2022-10-29T20:00:00Z',
    });
  });
});

describe('football-data.org v4 statuses and scores', () => {
  const base = (over: Partial<FdMatch>): FdMatch =>
    parseUpstream(
      FdMatchSchema,
      {
        id: 1,
        competition: { id: 2001, name: 'UEFA Champions League', type: 'CUP' },
        season: { startDate: '2025-09-16' },
        utcDate: '2026-05-30T19:00:00Z',
        status: 'FINISHED',
        matchday: null,
        stage: 'FINAL',
        group: null,
        homeTeam: { id: 1, name: 'Home FC' },
        awayTeam: { id: 2, name: 'Away FC' },
        score: { duration: 'REGULAR', fullTime: { home: 0, away: 0 } },
        ...over,
      },
      'x',
    );

  it('reads a shoot-out: fullTime includes the kicks, our current score does not', () => {
    const m = normaliseMatch(
      base({
        score: {
          duration: 'PENALTY_SHOOTOUT',
          fullTime: { home: 5, away: 6 },
          halfTime: { home: 1, away: 0 },
          regularTime: { home: 1, away: 1 },
          extraTime: { home: 0, away: 0 },
          penalties: { home: 4, away: 5 },
        },
      }),
      NOW,
    )!;
    expect(m).toMatchObject({
      status: 'finished_pen',
      round: 'Final',
      competition: { type: 'cup', season: 2025 },
    });
    expect(m.score).toEqual({
      current: { home: 1, away: 1 },
      halftime: { home: 1, away: 0 },
      fulltime: { home: 1, away: 1 },
      extratime: { home: 0, away: 0 },
      penalties: { home: 4, away: 5 },
    });
    // Without the breakdown, the kicks are taken off fullTime.
    const bare = normaliseMatch(
      base({
        score: {
          duration: 'PENALTY_SHOOTOUT',
          fullTime: { home: 5, away: 6 },
          penalties: { home: 4, away: 5 },
        },
      }),
      NOW,
    )!;
    expect(bare.score.current).toEqual({ home: 1, away: 1 });
    expect(bare.score.fulltime).toEqual({ home: null, away: null });
  });

  it('maps FINISHED by duration and the other statuses', () => {
    const at = (
      status: FdMatch['status'],
      duration: string | null = 'REGULAR',
      minute: number | null = null,
      since = 0,
    ) => mapFdStatus({ status, duration, minute, sinceKickoffMin: since });
    expect([at('FINISHED'), at('FINISHED', 'EXTRA_TIME'), at('FINISHED', 'PENALTY_SHOOTOUT')]).toEqual([
      'finished',
      'finished_aet',
      'finished_pen',
    ]);
    expect([
      at('SCHEDULED'),
      at('TIMED'),
      at('PAUSED'),
      at('PAUSED', null, 90),
      at('EXTRA_TIME'),
      at('PENALTY_SHOOTOUT'),
    ]).toEqual(['scheduled', 'scheduled', 'half_time', 'break', 'extra_time', 'penalties']);
    expect([at('SUSPENDED'), at('POSTPONED'), at('CANCELLED'), at('AWARDED')]).toEqual([
      'suspended',
      'postponed',
      'cancelled',
      'awarded',
    ]);
  });

  it('places IN_PLAY in a half by the minute when sent, else by the time since kickoff', () => {
    const inPlay = (minute: number | null, since: number) =>
      mapFdStatus({ status: 'IN_PLAY', duration: 'REGULAR', minute, sinceKickoffMin: since });
    expect([inPlay(30, 200), inPlay(45, 200), inPlay(46, 0)]).toEqual([
      'first_half',
      'first_half',
      'second_half',
    ]);
    expect([inPlay(null, 20), inPlay(null, 75)]).toEqual(['first_half', 'second_half']);

    const kickoff = Date.parse('2026-05-30T19:00:00Z');
    const live = base({
      status: 'IN_PLAY',
      minute: '45+2',
      score: { duration: 'REGULAR', fullTime: { home: 1, away: 0 } },
    });
    expect(normaliseMatch(live, kickoff + 50 * 60_000)).toMatchObject({
      status: 'first_half',
      clock: { elapsed: 45, stoppage: 2 },
      score: { current: { home: 1, away: 0 }, fulltime: { home: null, away: null } },
    });
  });

  it('leaves out a knockout match whose sides are not decided yet', () => {
    expect(normaliseMatch(base({ homeTeam: { id: null, name: null } }), NOW)).toBeNull();
  });
});
