import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TeamSchema } from '@pitchside/shared/domain';
import type { HeadToHead, ScoreboardEntry, TeamPage } from '@pitchside/shared/protocol';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { ReferenceStore } from '../src/pipeline/reference-store.ts';
import type { IngestHandle } from '../src/ingest-worker.ts';
import { jsonReply, startRecordedServer } from '../src/providers/testing/recorded-server.ts';
import { startRateLimitedPeer, type RateLimitedPeer } from '../src/providers/testing/rate-limited-peer.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { fixtureReply, readExchange, readFixtureJson } from './support/fixtures.ts';
import { quietIntervals, startTestGateway, startTestIngest } from './support/ingest-under-test.ts';

const WEB_DIST = process.env.PITCHSIDE_WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The recorded United–City head-to-head (eight meetings, 2021–2023, not in date order), served with headers. */
const H2H = 'api-football/fixtures-headtohead_h2h-33-50.built-http.json';
type Fixture = {
  fixture: { id: number; date: string };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
};
const meetings = (
  readFixtureJson('api-football/fixtures-headtohead_h2h-33-50_2021-2023_8-meetings.json') as {
    response: Fixture[];
  }
).response;
const newestFirst = [...meetings]
  .sort((a, b) => b.fixture.date.localeCompare(a.fixture.date))
  .map((f) => String(f.fixture.id));
const envelope = (response: unknown[]) => ({
  get: 'fixtures',
  parameters: [],
  errors: [],
  results: response.length,
  paging: { current: 1, total: 1 },
  response,
});

/**
 * Issue 16 §3: the head-to-head tab showed the one meeting we stored where the provider knows eight. Ingest
 * (the real worker) reads the provider's own head-to-head when a visitor asks for it, through API-Football's
 * budget (a real local peer: the recorded answer with its rate headers, 10 calls a minute, refusals as its
 * HTTP 200 `errors.rateLimit` envelope); the gateway merges it with what it stores.
 */
describe('head-to-head from the provider, merged with the stored meetings', () => {
  let t: TestRedis;
  let peer: RateLimitedPeer;
  let ingest: IngestHandle;
  let gateway: Awaited<ReturnType<typeof startTestGateway>>;
  const get = async <T>(path: string) => {
    const res = await fetch(`${gateway.url}${path}`);
    expect(res.status, path).toBe(200);
    return { body: ((await res.json()) as { data: T }).data, cacheControl: res.headers.get('cache-control') };
  };

  beforeAll(async () => {
    if (!existsSync(`${WEB_DIST}/server/entry-server.js`)) {
      throw new Error('web/dist is missing: run `npm run build:web` (npm test does it before the tests).');
    }
    t = await testRedis();
    // What ingest stored before: both teams, and one of their meetings (the League Cup semi-final), as the
    // day's list gave it.
    const one = meetings.find((f) => f.fixture.id === 653808)!;
    const lists = await startRecordedServer({
      '/fixtures?date=2021-01-06': jsonReply(envelope([one])),
    });
    const store = new MatchStore(t.redis, t.keys);
    for (const update of await new ApiFootballProvider({ baseUrl: lists.url, timeoutMs: 3000 }).matchesOnDate(
      '2021-01-06',
    )) {
      await store.ingest(update);
    }
    await lists.close();
    const team = (id: string, name: string) => TeamSchema.parse({ id, name, country: 'England', logo: null });
    await new ReferenceStore(t.redis, t.keys).saveTeams([
      team('33', 'Manchester United'),
      team('50', 'Manchester City'),
    ]);

    const refusal = readExchange('api-football/error_rateLimit-per-minute.built-http.json');
    peer = await startRateLimitedPeer({
      flavour: 'api-football',
      perMinute: 10,
      refusal: () => ({ body: refusal.body }),
      answer: (url) => {
        if (url.pathname === '/fixtures/headtohead') return fixtureReply(H2H);
        if (url.pathname === '/fixtures' && url.searchParams.has('team')) {
          // United's latest: the recorded meetings are all United's matches.
          return jsonReply(envelope(meetings.slice(0, 5)));
        }
        if (url.pathname === '/fixtures' || url.pathname === '/leagues') return jsonReply(envelope([]));
        return undefined;
      },
    });
    ingest = await startTestIngest(t, new ApiFootballProvider({ baseUrl: peer.url, timeoutMs: 3000 }), {
      intervals: quietIntervals({ 'poll-on-demand': 300 }),
      fixtureWindowDays: 0,
    });
    gateway = await startTestGateway(t, { webDist: WEB_DIST });
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    await ingest?.close();
    await peer?.close();
    await t?.cleanup();
  });

  it('shows the stored meeting at once, then all eight in date order, on the REST reads and the server-rendered page', async () => {
    const first = await get<ScoreboardEntry[]>('/api/head-to-head/33/50?limit=50');
    expect(first.body.map((e) => e.match.id)).toEqual(['653808']);
    // Not kept by caches: the provider's answer is on its way.
    expect(first.cacheControl).toBe('no-cache');

    await expect
      .poll(async () => (await get<ScoreboardEntry[]>('/api/head-to-head/33/50?limit=50')).body.length, {
        timeout: 15_000,
      })
      .toBe(8);
    const all = await get<ScoreboardEntry[]>('/api/head-to-head/33/50?limit=50');
    expect(all.body.map((e) => e.match.id)).toEqual(newestFirst);
    expect(all.cacheControl).toContain('max-age');
    // The one we store keeps its place in our history; the others are the provider's only.
    expect(all.body.filter((e) => e.seq > 0).map((e) => e.match.id)).toEqual(['653808']);

    const { body: page } = await get<HeadToHead>(
      '/api/head-to-head/by-slug/manchester-united-vs-manchester-city?limit=50',
    );
    expect(page.pending).toBe(false);
    expect(page.past.map((e) => e.match.id)).toEqual(newestFirst);
    // 2021–2023 from United's side: 2 wins, 6 defeats, 9 goals for, 20 against.
    expect(page.record).toEqual({ played: 8, winsA: 2, draws: 0, winsB: 6, goalsA: 9, goalsB: 20 });

    const html = await (
      await fetch(`${gateway.url}/en/team/head-to-head/manchester-united-vs-manchester-city`)
    ).text();
    const past = html.slice(html.indexOf('data-testid="h2h-past"'));
    const shown = [...past.matchAll(/data-match-id="(\d+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(newestFirst);
    // The meeting we store opens its page; the provider's others have none to open, so no link.
    expect(past).toContain('href="/en/match/653808"');
    for (const id of newestFirst.filter((id) => id !== '653808'))
      expect(past).not.toContain(`/en/match/${id}"`);

    // One provider call for the pair, whichever way round and however often it was asked for.
    expect(peer.requests.filter((r) => r.url.startsWith('/fixtures/headtohead'))).toHaveLength(1);
    expect(peer.requests.filter((r) => r.refused)).toEqual([]);
  });

  it("completes a team's form with its latest results from the provider", async () => {
    const before = await get<TeamPage>('/api/teams/33');
    expect(before.body.form.map((f) => f.matchId)).toEqual(['653808']);
    await expect
      .poll(async () => (await get<TeamPage>('/api/teams/33')).body.form.length, { timeout: 15_000 })
      .toBe(5);
    const { body } = await get<TeamPage>('/api/teams/33');
    // Oldest first, latest last, as a table's form reads: the five of the provider's latest results.
    const latest = [...meetings.slice(0, 5)].sort((a, b) => a.fixture.date.localeCompare(b.fixture.date));
    expect(body.form.map((f) => f.matchId)).toEqual(latest.map((f) => String(f.fixture.id)));
    expect(body.form.at(-1)).toMatchObject({ result: 'L', goalsFor: 0, goalsAgainst: 3, stored: false });
    expect(body.form.filter((f) => f.stored).map((f) => f.matchId)).toEqual(['653808']);
  });
});
