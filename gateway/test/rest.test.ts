import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMatch, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { ReferenceStore } from '@pitchside/ingest/pipeline/reference-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startGateway } from '@pitchside/test-support/gateway';

const conditionalStatus = (url: string, etag: string) =>
  new Promise<number | undefined>((resolve, reject) => {
    httpGet(url, { headers: { 'if-none-match': etag } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject);
  });

describe('gateway REST reads', () => {
  let t: TestRedis;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}${path}`, { headers });

  beforeAll(async () => {
    t = await testRedis();
    const store = new MatchStore(t.redis, t.keys);
    // 23:30 UTC on the 21st is already the 22nd in Berlin; 23:30 UTC on the 22nd is the 23rd there.
    await store.ingest({ match: buildMatch({ id: 'late-21', kickoff: '2026-11-21T23:30:00Z' }) });
    await store.ingest({ match: liveMatch(2, 1, 67, { id: 'live-22', kickoff: '2026-11-22T14:00:00Z' }) });
    await store.ingest({ match: buildMatch({ id: 'late-22', kickoff: '2026-11-22T23:30:00Z' }) });
    const finished = liveMatch(3, 1, 90, {
      id: 'old-derby',
      kickoff: '2026-04-06T15:30:00Z',
      status: 'finished',
    });
    await store.ingest({ match: finished });
    await new ReferenceStore(t.redis, t.keys).saveCompetitions([
      {
        id: '39',
        sport: 'football',
        name: 'Premier League',
        type: 'league',
        country: 'England',
        countryCode: 'GB',
        flag: null,
        season: 2026,
        logo: null,
        popularity: 1,
      },
    ]);
    gateway = await startGateway(t);
  });
  afterAll(async () => {
    await gateway.close();
    await t.cleanup();
  });

  it('lists a day’s matches in the caller’s time zone', async () => {
    const ids = async (query: string) =>
      ((await (await get(`/api/matches?${query}`)).json()) as { data: { match: { id: string } }[] }).data.map(
        (e) => e.match.id,
      );
    expect(await ids('date=2026-11-22')).toEqual(['live-22', 'late-22']);
    expect(await ids('date=2026-11-22&tz=Europe/Berlin')).toEqual(['late-21', 'live-22']);
  });

  it('lists live matches with their stream position', async () => {
    const body = (await (await get('/api/matches/live')).json()) as {
      data: { match: { id: string }; seq: number }[];
    };
    expect(body.data).toMatchObject([{ match: { id: 'live-22' }, seq: 1 }]);
  });

  it('serves one match with its timeline, lineups and statistics, and an ETag that revalidates', async () => {
    const first = await get('/api/matches/live-22');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const body = (await first.json()) as {
      data: { detail: { match: { score: unknown }; events: unknown[] } };
    };
    expect(body.data.detail.match.score).toMatchObject({ current: { home: 2, away: 1 } });
    expect(body.data.detail.events).toEqual([]);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to conditional requests, as its spec says.
    expect(await conditionalStatus(`${gateway.url}/api/matches/live-22`, etag!)).toBe(304);
  });

  it('answers unknown ids with 404 and a code, bad parameters with 400 and the fields at fault', async () => {
    const missing = await get('/api/matches/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'match:not-found' } });

    const bad = await get('/api/matches?date=22-11-2026&tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { code: string; issues: { path: string }[] } };
    expect(body.error.code).toBe('request:invalid');
    expect(body.error.issues.map((i) => i.path).sort()).toEqual(['date', 'tz']);

    expect((await get('/api/matches/bad%20id')).status).toBe(400);
    expect(await (await get('/api/nothing-here')).json()).toMatchObject({
      error: { code: 'resource:not-found' },
    });
    expect(await (await get('/api/competitions/999/standings')).json()).toMatchObject({
      error: { code: 'competition:not-found' },
    });
  });

  it('serves competitions and head-to-head', async () => {
    expect(await (await get('/api/competitions')).json()).toMatchObject({
      data: [{ id: '39', name: 'Premier League' }],
    });
    // Only finished meetings count: the scheduled and live ones between the same teams are left out.
    const h2h = (await (await get('/api/head-to-head/33/50')).json()) as {
      data: { match: { id: string } }[];
    };
    expect(h2h.data.map((e) => e.match.id)).toEqual(['old-derby']);
  });
});
