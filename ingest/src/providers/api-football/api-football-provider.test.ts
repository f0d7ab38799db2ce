import { MatchSchema } from '@pitchside/shared/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.ts';
import {
  closedPortUrl,
  jsonReply,
  startRecordedServer,
  type RecordedServer,
  type Reply,
} from '../testing/recorded-server.ts';
import { hasSharedData, readSharedJson, readSharedText, warnIfNoSharedData } from '../testing/shared-data.ts';
import { fixtureReply, readFixtureJson } from '../../../test/support/fixtures.ts';
import { ApiFootballProvider } from './api-football-provider.ts';

const file = (name: string): Reply => ({ body: readSharedText(`api-football/${name}`) });
const LIVE = 'fixtures_live-all_2024-02-21_24-fixtures.extracted.json';

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw error;
  return error;
}

const envelope = (get: string, response: unknown[]) => ({
  get,
  parameters: [],
  errors: [],
  results: response.length,
  paging: { current: 1, total: 1 },
  response,
});

warnIfNoSharedData('ApiFootballProvider over HTTP');

describe.skipIf(!hasSharedData)('ApiFootballProvider against a local server replaying real responses', () => {
  let server: RecordedServer | undefined;
  afterEach(() => server?.close());
  const provider = (routes: Record<string, Reply>, timeoutMs = 2000) =>
    startRecordedServer(routes).then((s) => {
      server = s;
      return new ApiFootballProvider({ baseUrl: s.url, apiKey: 'test-key', timeoutMs });
    });

  it('lists the 24 live matches with their events, sending the key as x-apisports-key', async () => {
    const p = await provider({ '/fixtures?live=all': file(LIVE) });
    const live = await p.liveMatches();
    expect(live).toHaveLength(24);
    expect(server!.requests[0]!.headers['x-apisports-key']).toBe('test-key');
    const liverpool = live.find((u) => u.match.id === '1035430')!;
    expect(liverpool.events).toHaveLength(8);
    // The live list carries no lineups or statistics: left undefined, so stored ones are kept.
    expect(liverpool.lineups).toBeUndefined();
    expect(liverpool.statistics).toBeUndefined();
  });

  it('builds a match detail, fetching the parts /fixtures?id= did not inline', async () => {
    const live = readSharedJson(`api-football/${LIVE}`) as { response: { fixture: { id: number } }[] };
    const porto = live.response.find((f) => f.fixture.id === 1149522)!;
    const p = await provider({
      '/fixtures?id=1149522': jsonReply(envelope('fixtures', [{ ...porto, lineups: [] }])),
      '/fixtures/statistics?fixture=1149522': file('fixtures-statistics_1149522_team212.extracted.json'),
    });
    const detail = await p.matchDetail('1149522');
    expect(detail?.match).toMatchObject({ id: '1149522', status: 'half_time', home: { name: 'FC Porto' } });
    expect(detail?.lineups).toEqual([]);
    expect(detail?.statistics?.[0]?.values).toMatchObject({ possession: 35, expected_goals: 1.17 });
    expect(server!.requests.map((r) => r.url)).toEqual([
      '/fixtures?id=1149522',
      '/fixtures/statistics?fixture=1149522',
    ]);
  });

  it('answers null for a match the provider does not know', async () => {
    const p = await provider({ '/fixtures?id=1': jsonReply(envelope('fixtures', [])) });
    expect(await p.matchDetail('1')).toBeNull();
  });

  it('serves events, lineups, standings and teams from their endpoints', async () => {
    const p = await provider({
      '/fixtures/events?fixture=653808': file('fixtures-events_653808_manutd-mancity.json'),
      '/fixtures/lineups?fixture=592872': file('fixtures-lineups_592872.json'),
      '/standings?league=39&season=2022': file('standings_league39_season2022.json'),
      '/teams?league=39&season=2022': file('teams_search-manchester.json'),
    });
    expect((await p.events('653808')).map((e) => e.kind).filter((k) => k === 'goal')).toHaveLength(2);
    expect((await p.lineups('592872')).map((l) => l.formation)).toEqual(['4-3-3', '4-3-1-2']);
    expect((await p.standings('39', 2022))?.groups[0]?.rows).toHaveLength(20);
    expect(await p.teams('39', 2022)).toHaveLength(16);
  });

  it('learns cup or league from /leagues and applies it to later fixtures', async () => {
    const p = await provider({
      '/leagues?current=true': jsonReply(
        envelope('leagues', [
          {
            league: { id: 404, name: 'Campionato', type: 'Cup', logo: null },
            country: { name: 'San-Marino', code: 'SM', flag: null },
            seasons: [
              { year: 2022, current: false },
              { year: 2023, current: true },
            ],
          },
        ]),
      ),
      '/fixtures?live=all': file(LIVE),
    });
    expect(await p.competitions()).toEqual([
      expect.objectContaining({ id: '404', type: 'cup', season: 2023, countryCode: 'SM', sport: 'football' }),
    ]);
    const live = await p.liveMatches();
    expect(live.find((u) => u.match.competition.id === '404')?.match.competition.type).toBe('cup');
  });

  it('gives head-to-head meetings that have been played, newest first', async () => {
    const ns = readSharedJson('api-football/fixtures_league78_season2023_status-NS-PST.json') as {
      response: { fixture: { status: { short: string }; timestamp: number } }[];
    };
    const [a, b, c] = ns.response.map((f) => structuredClone(f));
    a!.fixture.status.short = 'FT';
    a!.fixture.timestamp = 1_600_000_000;
    b!.fixture.status.short = 'PEN';
    b!.fixture.timestamp = 1_700_000_000;
    const p = await provider({
      '/fixtures/headtohead?h2h=157-165': jsonReply(envelope('fixtures/headtohead', [a, b, c])),
    });
    const meetings = await p.headToHead('157', '165');
    expect(meetings.map((m) => m.status)).toEqual(['finished_pen', 'finished']);
    for (const m of meetings) MatchSchema.parse(m);
  });

  it('gives all eight recorded United–City meetings, which the provider lists out of order, newest first', async () => {
    const p = await provider({
      '/fixtures/headtohead?h2h=33-50': fixtureReply(
        'api-football/fixtures-headtohead_h2h-33-50.built-http.json',
      ),
    });
    const meetings = await p.headToHead('33', '50');
    expect(meetings.map((m) => `${m.kickoff.slice(0, 10)} ${m.home.id}-${m.away.id}`)).toEqual([
      '2023-10-29 33-50',
      '2023-06-03 50-33',
      '2023-01-14 33-50',
      '2022-10-02 50-33',
      '2022-03-06 50-33',
      '2021-11-06 33-50',
      '2021-03-07 50-33',
      '2021-01-06 33-50',
    ]);
  });

  it("gives a team's latest results from /fixtures?team=&last=, played ones only, newest first", async () => {
    // United's fixtures as /fixtures lists them: recorded fixture objects (the head-to-head's), one of them
    // not played yet, in the provider's order.
    const recorded = readFixtureJson(
      'api-football/fixtures-headtohead_h2h-33-50_2021-2023_8-meetings.json',
    ) as {
      response: { fixture: { status: { short: string; long: string } } }[];
    };
    const next = structuredClone(recorded.response[3]!);
    next.fixture.status = { ...next.fixture.status, short: 'NS', long: 'Not Started' };
    const p = await provider({
      '/fixtures?team=33&last=10': jsonReply(envelope('fixtures', [...recorded.response.slice(0, 3), next])),
    });
    const recent = await p.recentMatches('33');
    expect(recent.map((m) => m.id)).toEqual(['868141', '710663', '653808']);
  });

  it('rejects HTTP 200 with errors as ingest:upstream-errors', async () => {
    const p = await provider({ '/standings?league=39&season=2022': file('error_missing-parameter.json') });
    const error = await failure(p.standings('39', 2022));
    expect(error.code).toBe('ingest:upstream-errors');
    expect(error.retryable).toBe(false);
  });

  it('rejects a live list with one broken fixture as a whole', async () => {
    const body = structuredClone(readSharedJson(`api-football/${LIVE}`)) as {
      response: Record<string, unknown>[];
    };
    delete body.response[3]!.teams;
    const p = await provider({ '/fixtures?live=all': jsonReply(body) });
    expect((await failure(p.liveMatches())).code).toBe('ingest:upstream-schema');
  });

  it('reports 500 as ingest:upstream-http and a slow answer as ingest:upstream-timeout', async () => {
    const p = await provider(
      {
        '/fixtures?live=all': { status: 500, body: 'Internal Server Error' },
        '/fixtures?date=2024-02-21': { ...file(LIVE), delayMs: 1000 },
      },
      150,
    );
    expect(await failure(p.liveMatches())).toMatchObject({
      code: 'ingest:upstream-http',
      details: { status: 500 },
    });
    expect((await failure(p.matchesOnDate('2024-02-21'))).code).toBe('ingest:upstream-timeout');
  });

  it('reports 429 with its Retry-After and holds calls back until it has passed', async () => {
    const p = await provider({
      '/fixtures?live=all': { status: 429, headers: { 'retry-after': '30' }, body: '{}' },
    });
    expect(await failure(p.liveMatches())).toMatchObject({
      code: 'ingest:upstream-rate-limited',
      details: { retryAfterMs: 30_000 },
    });
    expect((await failure(p.liveMatches())).code).toBe('ingest:rate-budget-exhausted');
    expect(server!.requests).toHaveLength(1);
  });

  it('stops calling when the rate headers say the daily quota is spent', async () => {
    const p = await provider({
      '/fixtures?live=all': {
        ...file(LIVE),
        headers: {
          'x-ratelimit-requests-limit': '100',
          'x-ratelimit-requests-remaining': '0',
          'X-RateLimit-Limit': '10',
          'X-RateLimit-Remaining': '9',
        },
      },
    });
    expect(await p.liveMatches()).toHaveLength(24);
    const error = await failure(p.liveMatches());
    expect(error.code).toBe('ingest:rate-budget-exhausted');
    expect(error.details.retryAfterMs).toBeGreaterThan(0);
    expect(server!.requests).toHaveLength(1);
    expect(p.budget.snapshot().day).toMatchObject({ remaining: 0, limit: 100 });
  });
});

describe('ApiFootballProvider without a server', () => {
  it('reports an unreachable provider as ingest:upstream-network', async () => {
    const p = new ApiFootballProvider({ baseUrl: await closedPortUrl(), timeoutMs: 1000 });
    expect((await failure(p.liveMatches())).code).toBe('ingest:upstream-network');
  });

  it('refuses a date that is not YYYY-MM-DD before calling anyone', async () => {
    const p = new ApiFootballProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    await expect(p.matchesOnDate('21/02/2024')).rejects.toThrow(RangeError);
  });
});
