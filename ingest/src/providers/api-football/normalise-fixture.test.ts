import { MatchSchema } from '@pitchside/shared/domain';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { parseEnvelope } from './envelope.ts';
import { ApiFixtureSchema } from './fixture-schema.ts';
import { normaliseFixture } from './normalise-fixture.ts';
import { API_STATUS_CODES, mapApiStatus } from './status-map.ts';

const LIVE = 'api-football/fixtures_live-all_2024-02-21_24-fixtures.extracted.json';
const NS = 'api-football/fixtures_league78_season2023_status-NS-PST.json';

warnIfNoSharedData('api-football fixtures');

describe.skipIf(!hasSharedData)('API-Football fixtures, real responses', () => {
  const live = () =>
    parseEnvelope(readSharedJson(LIVE), ApiFixtureSchema, '/fixtures?live=all').map((f) =>
      normaliseFixture(f),
    );

  it('normalises all 24 live fixtures into matches our schema accepts', () => {
    const matches = live();
    expect(matches).toHaveLength(24);
    for (const match of matches) expect(MatchSchema.parse(match)).toEqual(match);
    expect(new Set(matches.map((m) => m.id)).size).toBe(24);
  });

  it('shows the statuses viewers saw that evening: 10 at half time, 9 in the second half, 5 in the first', () => {
    const count = (status: string) => live().filter((m) => m.status === status).length;
    expect([count('half_time'), count('second_half'), count('first_half')]).toEqual([10, 9, 5]);
  });

  it('carries score, clock, kickoff, venue and referee of Liverpool v Luton', () => {
    const match = live().find((m) => m.id === '1035430');
    expect(match).toMatchObject({
      competition: { id: '39', name: 'Premier League', type: 'league', country: 'England', season: 2023 },
      round: 'Regular Season - 26',
      kickoff: '2024-02-21T19:30:00Z',
      venue: { name: 'Anfield', city: 'Liverpool' },
      referee: 'Andy Madley',
      status: 'second_half',
      clock: { elapsed: 67, stoppage: null },
      home: { id: '40', name: 'Liverpool' },
      away: { id: '1359', name: 'Luton' },
      score: {
        current: { home: 2, away: 1 },
        halftime: { home: 0, away: 1 },
        fulltime: { home: null, away: null },
      },
    });
  });

  it('tells cups from leagues although fixtures do not say', () => {
    const typeOf = (name: string) => live().find((m) => m.competition.name === name)?.competition.type;
    expect(typeOf('UEFA Champions League')).toBe('cup');
    expect(typeOf('Copa Argentina')).toBe('cup');
    expect(typeOf('EFL Trophy')).toBe('cup');
    expect(typeOf('Rock Cup')).toBe('cup');
    expect(typeOf('1. Liga Classic - Group 1')).toBe('league');
    expect(typeOf('Reserve League')).toBe('league');
  });

  it('prefers the type learned from /leagues over the guess', () => {
    const fixture = parseEnvelope(readSharedJson(LIVE), ApiFixtureSchema, 'x')[0]!;
    expect(normaliseFixture(fixture, new Map([['404', 'cup']])).competition.type).toBe('cup');
  });

  it('leaves venue null when API-Football knows neither name nor city', () => {
    expect(live().find((m) => m.id === '1167870')?.venue).toBeNull();
  });

  it('normalises 71 not-started Bundesliga fixtures as scheduled, no score, kickoff in UTC', () => {
    const matches = parseEnvelope(readSharedJson(NS), ApiFixtureSchema, '/fixtures').map((f) =>
      normaliseFixture(f),
    );
    expect(matches).toHaveLength(71);
    for (const m of matches) {
      expect(MatchSchema.parse(m).status).toBe('scheduled');
      expect(m.kickoff).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(m.score.current).toEqual({ home: null, away: null });
      expect(m.clock).toEqual({ elapsed: null, stoppage: null });
    }
    expect(matches[0]).toMatchObject({ kickoff: '2024-03-30T17:30:00Z', home: { name: 'Bayern Munich' } });
  });

  it('rejects the whole payload when one fixture breaks the schema (teams missing)', () => {
    const body = structuredClone(readSharedJson(LIVE)) as { response: Record<string, unknown>[] };
    delete body.response[7]!.teams;
    const run = () => parseEnvelope(body, ApiFixtureSchema, '/fixtures?live=all');
    expect(run).toThrow(UpstreamError);
    expect(run).toThrow(/response\.7\.teams/);
    try {
      run();
    } catch (error) {
      expect((error as UpstreamError).code).toBe('ingest:upstream-schema');
    }
  });

  it('rejects a status code it does not know rather than guessing one', () => {
    const body = structuredClone(readSharedJson(LIVE)) as {
      response: { fixture: { status: { short: string } } }[];
    };
    body.response[0]!.fixture.status.short = 'XYZ';
    expect(() => parseEnvelope(body, ApiFixtureSchema, '/fixtures')).toThrow(/status\.short/);
  });
});

describe('API-Football status codes', () => {
  it('maps every documented code', () => {
    const mapped = Object.fromEntries(API_STATUS_CODES.map((c) => [c, mapApiStatus(c, 30)]));
    expect(mapped).toEqual({
      TBD: 'scheduled',
      NS: 'scheduled',
      '1H': 'first_half',
      HT: 'half_time',
      '2H': 'second_half',
      ET: 'extra_time',
      BT: 'break',
      P: 'penalties',
      SUSP: 'suspended',
      INT: 'interrupted',
      FT: 'finished',
      AET: 'finished_aet',
      PEN: 'finished_pen',
      PST: 'postponed',
      CANC: 'cancelled',
      ABD: 'abandoned',
      AWD: 'awarded',
      WO: 'awarded',
      LIVE: 'first_half',
    });
  });

  it('places LIVE (period unknown) by the clock', () => {
    expect(mapApiStatus('LIVE', null)).toBe('first_half');
    expect(mapApiStatus('LIVE', 45)).toBe('first_half');
    expect(mapApiStatus('LIVE', 67)).toBe('second_half');
    expect(mapApiStatus('LIVE', 105)).toBe('extra_time');
  });
});
