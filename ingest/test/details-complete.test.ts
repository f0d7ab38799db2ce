import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Queue } from 'bullmq';
import type { MatchDetail } from '@pitchside/shared/domain';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import type { IngestHandle } from '../src/ingest-worker.ts';
import { jsonReply, startRecordedServer, type Reply } from '../src/providers/testing/recorded-server.ts';
import { startRateLimitedPeer, type RateLimitedPeer } from '../src/providers/testing/rate-limited-peer.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { readFixtureJson } from './support/fixtures.ts';
import { quietIntervals, startTestGateway, startTestIngest } from './support/ingest-under-test.ts';

/** The two recorded Champions League ties decided on penalties (March 2024), with their events. */
const RECORDED = 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json';
type Fixture = { fixture: { id: number; date: string }; events?: unknown[] } & Record<string, unknown>;
const recorded = (readFixtureJson(RECORDED) as { response: Fixture[] }).response;
const byId = new Map(recorded.map((f) => [String(f.fixture.id), f]));
/** As `/fixtures?date=` lists a fixture: no events, lineups, statistics or players. */
const listed = (f: Fixture): Fixture => {
  const { events: _events, ...rest } = structuredClone(f);
  return rest as Fixture;
};
const envelope = (get: string, parameters: Record<string, string>, response: unknown[]) =>
  jsonReply({
    get,
    parameters,
    errors: [],
    results: response.length,
    paging: { current: 1, total: 1 },
    response,
  });

/** Just after the second tie's final whistle: both ties are in the fixture window (yesterday and today). */
const NOW = Date.parse('2024-03-13T23:40:00Z');

/**
 * API-Football as it serves the two ties: the date lists (no events), each fixture whole by id (events
 * inline), its lineups and statistics on their own endpoints (empty: the recording kept neither), nothing
 * live, no competitions. `lists`: which dates list them at all (a provider that lists results late, a window
 * that moved); `detail` can replace the answer for one fixture.
 */
function apiFootball(options: { lists: boolean; detail?: (id: string) => Reply | undefined }) {
  return (url: URL): Reply | undefined => {
    const q = Object.fromEntries(url.searchParams);
    switch (url.pathname) {
      case '/fixtures':
        if (q.live) return envelope('fixtures', q, []);
        if (q.date) {
          const day = recorded.filter((f) => options.lists && f.fixture.date.startsWith(q.date!));
          return envelope('fixtures', q, day.map(listed));
        }
        if (q.id) {
          const own = options.detail?.(q.id);
          if (own) return own;
          const f = byId.get(q.id);
          return envelope('fixtures', q, f ? [f] : []);
        }
        return undefined;
      case '/fixtures/lineups':
      case '/fixtures/statistics':
        return envelope(url.pathname.slice(1), q, []);
      case '/leagues':
        return envelope('leagues', q, []);
      default:
        return undefined;
    }
  };
}

/** The events a fan must see for a fixture: what the adapter makes of its recorded answer. */
async function expectedEvents(id: string): Promise<MatchDetail['events']> {
  const server = await startRecordedServer({
    [`/fixtures?id=${id}`]: { body: JSON.stringify({ ...envelopeBody(), response: [byId.get(id)] }) },
    [`/fixtures/lineups?fixture=${id}`]: { body: JSON.stringify(envelopeBody()) },
    [`/fixtures/statistics?fixture=${id}`]: { body: JSON.stringify(envelopeBody()) },
  });
  try {
    const detail = await new ApiFootballProvider({ baseUrl: server.url, timeoutMs: 3000 }).matchDetail(id);
    return detail!.events!;
  } finally {
    await server.close();
  }
}
const envelopeBody = () => ({ get: 'fixtures', parameters: [], errors: [], results: 0, response: [] });

const detailCalls = (peer: RateLimitedPeer, id: string) =>
  peer.requests.filter((r) => r.url === `/fixtures?id=${id}`);

describe('a match first seen finished is complete (issue 16 §3)', () => {
  let t: TestRedis;
  let peer: RateLimitedPeer;
  const running: IngestHandle[] = [];
  const provider = () => new ApiFootballProvider({ baseUrl: peer.url, timeoutMs: 3000 });

  beforeAll(async () => {
    t = await testRedis();
  });
  afterEach(async () => {
    for (const ingest of running.splice(0)) await ingest.close();
    await peer?.close();
    await t.flush();
  });
  afterAll(() => t?.cleanup());

  it('gets the events of a match ingest first sees after its final whistle, exactly once', async () => {
    peer = await startRateLimitedPeer({
      flavour: 'api-football',
      perMinute: 120,
      answer: apiFootball({ lists: true }),
    });
    const ingest = await startTestIngest(t, provider(), {
      intervals: quietIntervals({ 'poll-live': 1000, 'poll-details': 500, 'poll-fixtures': 800 }),
      now: () => NOW,
      fixtureWindowDays: 1,
    });
    running.push(ingest);
    const done = () => t.redis.zmscore(t.keys.detailsDone(), '1149519', '1149523');
    await expect.poll(done, { timeout: 15_000 }).not.toContain(null);

    // The lists go on showing both finished, poll after poll: nothing is fetched again.
    const listsBefore = peer.requests.filter((r) => r.url === '/fixtures?date=2024-03-13').length;
    await expect
      .poll(() => peer.requests.filter((r) => r.url === '/fixtures?date=2024-03-13').length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(listsBefore + 3);
    expect(detailCalls(peer, '1149519')).toHaveLength(1);
    expect(detailCalls(peer, '1149523')).toHaveLength(1);
    expect(peer.requests.filter((r) => r.refused)).toEqual([]);

    // What a fan reads on the match page: the whole timeline, shoot-out included, not "nothing yet".
    const gateway = await startTestGateway(t);
    try {
      for (const id of ['1149519', '1149523']) {
        const res = await fetch(`${gateway.url}/api/matches/${id}`);
        const { detail } = ((await res.json()) as { data: { detail: MatchDetail } }).data;
        expect(detail.match.status).toBe('finished_pen');
        const events = await expectedEvents(id);
        expect(events.length).toBeGreaterThan(5);
        expect(detail.events).toEqual(events);
      }
    } finally {
      await gateway.close();
    }
  });

  it('backfills the stored finished matches lacking details on start-up, and after a restart carries on without refetching', async () => {
    // Stored by an earlier ingest from the day's lists (status and score, no events); the provider no longer
    // lists them (the window moved on), so only the start-up backfill can find them.
    const store = new MatchStore(t.redis, t.keys);
    const lists = await startRecordedServer({
      '/fixtures?date=2024-03-12': envelope('fixtures', {}, [listed(byId.get('1149523')!)]),
      '/fixtures?date=2024-03-13': envelope('fixtures', {}, [listed(byId.get('1149519')!)]),
    });
    const earlier = new ApiFootballProvider({ baseUrl: lists.url, timeoutMs: 3000 });
    for (const date of ['2024-03-12', '2024-03-13']) {
      for (const update of await earlier.matchesOnDate(date)) await store.ingest(update);
    }
    await lists.close();
    expect((await store.read('1149523'))!.detail.events).toEqual([]);

    // The provider is down for one of the two when ingest starts.
    let outage = true;
    peer = await startRateLimitedPeer({
      flavour: 'api-football',
      perMinute: 120,
      answer: apiFootball({
        lists: false,
        detail: (id) =>
          id === '1149523' && outage ? { status: 503, body: '{"message":"unavailable"}' } : undefined,
      }),
    });
    const intervals = quietIntervals({ 'poll-details': 500 });
    const first = await startTestIngest(t, provider(), { intervals, now: () => NOW, fixtureWindowDays: 1 });
    running.push(first);
    await expect
      .poll(() => t.redis.zscore(t.keys.detailsDone(), '1149519'), { timeout: 15_000 })
      .not.toBeNull();
    await expect
      .poll(() => detailCalls(peer, '1149523').length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await t.redis.zscore(t.keys.detailsWanted(), '1149523')).not.toBeNull();

    // Ingest restarts mid-backfill (the provider back meanwhile): it carries on with what is still wanted.
    await first.close();
    running.splice(0);
    outage = false;
    const failedCalls = detailCalls(peer, '1149523').length;
    const second = await startTestIngest(t, provider(), { intervals, now: () => NOW, fixtureWindowDays: 1 });
    running.push(second);
    await expect
      .poll(() => t.redis.zscore(t.keys.detailsDone(), '1149523'), { timeout: 15_000 })
      .not.toBeNull();
    expect(detailCalls(peer, '1149523').filter((r) => r.status === 200)).toHaveLength(1);
    expect(detailCalls(peer, '1149523')).toHaveLength(failedCalls + 1);
    // What was stored before the restart is not fetched again.
    expect(detailCalls(peer, '1149519')).toHaveLength(1);
    for (const id of ['1149519', '1149523']) {
      expect((await store.read(id))!.detail.events).toEqual(await expectedEvents(id));
    }
  });

  it('ends a job at once on an error envelope or a schema violation: BullMQ runs it once, no retries', async () => {
    peer = await startRateLimitedPeer({
      flavour: 'api-football',
      perMinute: 120,
      answer: (url) => {
        // An error that is not a rate limit (HTTP 200, as API-Football sends them).
        if (url.pathname === '/leagues') {
          return jsonReply({
            get: 'leagues',
            parameters: { current: 'true' },
            errors: { token: 'Error/Missing application key' },
            results: 0,
            paging: { current: 1, total: 1 },
            response: [],
          });
        }
        // A list that is not API-Football's shape at all.
        if (url.pathname === '/fixtures' && url.searchParams.has('date')) {
          return jsonReply({ get: 'fixtures', response: [{ fixture: '???', teams: null }], results: 1 });
        }
        return apiFootball({ lists: false })(url);
      },
    });
    const ingest = await startTestIngest(t, provider(), { intervals: quietIntervals(), now: () => NOW });
    running.push(ingest);
    const failed = async (queue: Queue, name: string) =>
      (await queue.getFailed()).filter((j) => j.name === name);
    const expected = [
      ['poll-standings', 'ingest:upstream-errors'],
      ['poll-teams', 'ingest:upstream-errors'],
      ['poll-fixtures', 'ingest:upstream-schema'],
    ] as const;
    for (const [name, code] of expected) {
      await expect.poll(async () => (await failed(ingest.queue, name)).length, { timeout: 15_000 }).toBe(1);
      const [job] = await failed(ingest.queue, name);
      expect(job!.attemptsMade).toBe(1);
      expect(job!.failedReason).toContain(code);
    }
    // Three attempts each (2 s apart, jittered) would have asked again by now: each job asked once.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(peer.requests.filter((r) => r.url.startsWith('/leagues'))).toHaveLength(2);
    expect(peer.requests.filter((r) => r.url.startsWith('/fixtures?date='))).toHaveLength(1);
    for (const [name] of expected) expect(await failed(ingest.queue, name)).toHaveLength(1);
  });
});
