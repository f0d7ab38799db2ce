import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../errors.ts';
import {
  jsonReply,
  recordedReply,
  startRecordedServer,
  type RecordedServer,
  type Reply,
} from '../testing/recorded-server.ts';
import { hasSharedData, readSharedJson, warnIfNoSharedData } from '../testing/shared-data.ts';
import { fixtureReply } from '../../../test/support/fixtures.ts';
import { FootballDataProvider } from './football-data-provider.ts';

const recorded = (stem: string): Reply => recordedReply(`football-data/${stem}.recorded-http.json`);
const NOW = Date.UTC(2022, 8, 12, 23, 6, 43);

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw error;
  return error;
}

warnIfNoSharedData('FootballDataProvider over HTTP');

describe.skipIf(!hasSharedData)(
  'FootballDataProvider against a local server replaying recorded exchanges',
  () => {
    let server: RecordedServer | undefined;
    afterEach(() => server?.close());
    const provider = (routes: Record<string, Reply>, timeoutMs = 2000) =>
      startRecordedServer(routes).then((s) => {
        server = s;
        return new FootballDataProvider({ baseUrl: s.url, apiKey: 'fd-key', timeoutMs, now: () => NOW });
      });

    it('lists the matches of a day, sending X-Auth-Token, asking a two-day window and keeping the day asked for', async () => {
      const p = await provider({
        '/v4/matches?dateFrom=2022-09-04&dateTo=2022-09-05': recorded(
          'v4_matches_dateFrom-2022-09-04_all-TIMED',
        ),
      });
      const updates = await p.matchesOnDate('2022-09-04');
      expect(updates).toHaveLength(34);
      expect(server!.requests[0]!.headers['x-auth-token']).toBe('fd-key');
      expect(updates.every((u) => u.match.kickoff.startsWith('2022-09-04'))).toBe(true);
      // Free tier: no goals, bookings or substitutions in the payload, so no events claimed either way.
      expect(updates[0]!.events).toBeUndefined();
      expect(await p.matchesOnDate('2022-09-05').catch((e: unknown) => e)).toBeInstanceOf(UpstreamError);
    });

    it('reads the live list from status=LIVE', async () => {
      const body = readSharedJson('football-data/v4_matches_417211_FINISHED.body.json') as Record<
        string,
        unknown
      >;
      const live = {
        ...body,
        status: 'PAUSED',
        score: { duration: 'REGULAR', fullTime: { home: 1, away: 1 }, halfTime: { home: 1, away: 1 } },
      };
      const p = await provider({ '/v4/matches?status=LIVE': jsonReply({ matches: [live] }) });
      const [update] = await p.liveMatches();
      expect(update?.match).toMatchObject({
        id: '417211',
        status: 'half_time',
        score: { current: { home: 1, away: 1 } },
      });
    });

    it('gives one match in detail, and null for a match v4 does not know', async () => {
      const p = await provider({ '/v4/matches/417211': recorded('v4_matches_417211_FINISHED') });
      expect((await p.matchDetail('417211'))?.match).toMatchObject({
        status: 'finished',
        home: { name: 'Stade Brestois 29' },
      });
      expect(await p.matchDetail('999')).toBeNull();
    });

    it('gives merged standings and the competition teams', async () => {
      const koeln = readSharedJson('football-data/v4_teams_1_koeln.body.json');
      const p = await provider({
        '/v4/competitions/BL1/standings?season=2022': recorded(
          'v4_competitions_BL1_standings_TOTAL-HOME-AWAY',
        ),
        '/v4/competitions/BL1/teams?season=2022': jsonReply({ count: 1, teams: [koeln] }),
      });
      const standings = await p.standings('BL1', 2022);
      expect(standings?.groups[0]?.rows[0]).toMatchObject({
        team: { name: '1. FC Union Berlin' },
        home: { played: 3 },
      });
      expect(await p.teams('BL1', 2022)).toEqual([expect.objectContaining({ id: '1', code: 'KOE' })]);
    });

    it('finds a meeting of the two teams and returns its head-to-head, newest first', async () => {
      const match = readSharedJson('football-data/v4_matches_417211_FINISHED.body.json');
      const p = await provider({
        '/v4/teams/512/matches': jsonReply({ matches: [match] }),
        '/v4/matches/417211/head2head?limit=20': recorded('v4_matches_417211_head2head'),
      });
      const meetings = await p.headToHead('512', '576');
      // `aggregates.numberOfMatches` says 15; the five listed are what there is to show.
      expect(meetings.map((m) => m.kickoff.slice(0, 10))).toEqual([
        '2022-09-04',
        '2022-05-07',
        '2021-08-29',
        '2021-02-03',
        '2020-10-25',
      ]);
      expect(await p.headToHead('512', '1')).toEqual([]);
    });

    it('asks the head-to-head of a meeting it is given in one call', async () => {
      const p = await provider({
        '/v4/matches/417211/head2head?limit=20': recorded('v4_matches_417211_head2head'),
      });
      const meetings = await p.headToHead('512', '576', { matchId: '417211' });
      expect(meetings).toHaveLength(5);
      expect(server!.requests.map((r) => r.url)).toEqual(['/v4/matches/417211/head2head?limit=20']);
    });

    it('gives both legs of a two-legged tie, and stops calling when its answer says the minute is spent', async () => {
      const p = await provider({
        '/v4/matches/418515/head2head?limit=20': fixtureReply(
          'football-data/v4_matches_418515_head2head_two-legged-tie_quota-0.recorded-http.json',
        ),
      });
      const legs = await p.headToHead('611', '5634', { matchId: '418515' });
      expect(legs.map((m) => [m.id, m.home.id, m.score.current])).toEqual([
        ['418515', '611', { home: 5, away: 1 }],
        ['418528', '5634', { home: 1, away: 0 }],
      ]);
      // The recording says `x-requests-available-minute: 0`: the next call waits for the counter's reset.
      const refused = await failure(p.headToHead('611', '5634', { matchId: '418515' }));
      expect(refused.code).toBe('ingest:rate-budget-exhausted');
      expect(refused.details.retryAfterMs).toBe(60_000);
      expect(server!.requests).toHaveLength(1);
    });

    it("gives a team's latest results, newest first, from its finished matches of the last 90 days", async () => {
      const p = await provider({
        '/v4/teams/1/matches?status=FINISHED&dateFrom=2022-06-14&dateTo=2022-09-12':
          recorded('v4_teams_1_matches'),
      });
      // The recording (all 34 matches of the season, the six played first) is what v4 sends for the team.
      const recent = await p.recentMatches('1');
      expect(recent.map((m) => m.id)).toEqual(['416651', '416658', '416669', '416677', '416688', '416390']);
      expect(recent.every((m) => m.status === 'finished')).toBe(true);
    });

    it('lists competitions with a current season, cup or league from the type', async () => {
      const p = await provider({
        '/v4/competitions': jsonReply({
          count: 2,
          competitions: [
            {
              id: 2002,
              name: 'Bundesliga',
              code: 'BL1',
              type: 'LEAGUE',
              emblem: null,
              area: { name: 'Germany', code: 'DEU', flag: null },
              currentSeason: { startDate: '2022-08-05' },
            },
            {
              id: 2001,
              name: 'UEFA Champions League',
              code: 'CL',
              type: 'CUP',
              emblem: null,
              area: { name: 'Europe', code: 'EUR', flag: null },
              currentSeason: { startDate: '2022-06-21' },
            },
          ],
        }),
      });
      expect((await p.competitions()).map((c) => [c.id, c.type, c.season, c.countryCode])).toEqual([
        ['2002', 'league', 2022, 'DEU'],
        ['2001', 'cup', 2022, 'EUR'],
      ]);
    });

    it('stops calling when the recorded budget headers say the minute is spent, until the counter resets', async () => {
      // The recorded scorers exchange's headers (X-RequestCounter-Reset: 58), on the minute's last call.
      const headers = {
        ...recorded('v4_competitions_BL1_scorers').headers,
        'x-requests-available-minute': '0',
      };
      const p = await provider({
        '/v4/matches/417211': { ...recorded('v4_matches_417211_FINISHED'), headers },
      });
      await p.matchDetail('417211');
      const error = await failure(p.matchDetail('417211'));
      expect(error.code).toBe('ingest:rate-budget-exhausted');
      expect(error.details.retryAfterMs).toBe(58_000);
      expect(server!.requests).toHaveLength(1);
    });

    it('keeps calling while the provider says calls are left', async () => {
      const p = await provider({ '/v4/matches/417211': recorded('v4_matches_417211_FINISHED') });
      for (let i = 0; i < 12; i++) await p.matchDetail('417211');
      expect(p.budget.snapshot().minute).toMatchObject({ remaining: 9, resetAt: NOW + 60_000 });
    });

    it('reports 429, 500 and a timeout with their codes', async () => {
      const p = await provider(
        {
          '/v4/competitions': { status: 500, body: '{"message":"error"}' },
          '/v4/matches/1': { ...recorded('v4_matches_417211_FINISHED'), delayMs: 1000 },
          '/v4/matches?status=LIVE': {
            status: 429,
            headers: { 'Retry-After': '12' },
            body: '{"message":"You reached your request limit."}',
          },
        },
        150,
      );
      expect(await failure(p.competitions())).toMatchObject({
        code: 'ingest:upstream-http',
        details: { status: 500 },
      });
      expect((await failure(p.matchDetail('1'))).code).toBe('ingest:upstream-timeout');
      expect(await failure(p.liveMatches())).toMatchObject({
        code: 'ingest:upstream-rate-limited',
        details: { retryAfterMs: 12_000 },
      });
    });
  },
);
