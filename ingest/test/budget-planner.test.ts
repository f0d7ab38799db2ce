import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '@pitchside/shared/domain';
import type { OpsPlanner } from '@pitchside/shared/protocol';
import { FootballDataProvider } from '../src/providers/football-data/football-data-provider.ts';
import type { IngestHandle } from '../src/ingest-worker.ts';
import { FootballDataDay } from '../src/providers/testing/football-data-day.ts';
import { startRateLimitedPeer, type RateLimitedPeer } from '../src/providers/testing/rate-limited-peer.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { quietIntervals, startTestIngest } from './support/ingest-under-test.ts';

const SECOND = 1000;
const HOUR = 3_600_000;
/** The default schedules of `npm start` (ingest/src/config/env.ts), the budget football-data's free tier. */
const PRODUCTION = quietIntervals({
  'poll-live': 2000,
  'poll-details': 10_000,
  'poll-fixtures': 60_000,
  'poll-on-demand': 2000,
  'poll-standings': 120_000,
  'poll-teams': HOUR,
  'poll-squads': 60_000,
  'poll-news': HOUR,
});

/** When each score change reached Redis (the scoreboard channel every write publishes on). */
function watchWrites(t: TestRedis) {
  const writes: { at: number; id: string; goals: number; finished: boolean }[] = [];
  const sub = t.connect();
  sub.on('message', (_channel, raw: string) => {
    const { match } = JSON.parse(raw) as { match: Match };
    const goals = (match.score.current.home ?? 0) + (match.score.current.away ?? 0);
    writes.push({ at: Date.now(), id: match.id, goals, finished: match.status === 'finished' });
  });
  return { writes, ready: sub.subscribe(t.keys.scoreboardChannel()) };
}

/**
 * Issue 16 §4 at football-data's free tier: 10 calls a minute, enforced by a real local peer (429 with
 * Retry-After beyond them) whose match day moves on its own clock. The real worker runs with `npm start`'s
 * schedules, which alone would ask for some 40 calls a minute: the planner keeps live scores fresh within the
 * 10, fetches every squad once and none twice, and spends what the live polls leave on the rest.
 */
describe('at 10 calls a minute (football-data free tier)', () => {
  let t: TestRedis;
  let peer: RateLimitedPeer;
  let ingest: IngestHandle;
  let day: FootballDataDay;
  let watch: ReturnType<typeof watchWrites>;
  const started = Date.now();

  beforeAll(async () => {
    t = await testRedis();
    day = new FootballDataDay({
      liveFrom: started,
      liveUntil: started + 55 * SECOND,
      matches: 2,
      goalEveryMs: 10 * SECOND,
    });
    peer = await startRateLimitedPeer({
      flavour: 'football-data',
      perMinute: 10,
      answer: (url) => day.answer(url),
    });
    watch = watchWrites(t);
    await watch.ready;
    ingest = await startTestIngest(t, new FootballDataProvider({ baseUrl: peer.url, timeoutMs: 3000 }), {
      intervals: PRODUCTION,
      fixtureWindowDays: 0,
    });
  });
  afterAll(async () => {
    await ingest?.close();
    await peer?.close();
    await t?.cleanup();
  });

  it('keeps live scores fresh, and fetches every squad once once the matches are over', async () => {
    const squads = () => peer.requests.filter((r) => /^\/v4\/teams\/\d+$/.test(r.url));
    await expect
      .poll(() => new Set(squads().map((r) => r.url)).size, { timeout: 150_000, interval: 1000 })
      .toBe(day.teamIds.length);
    const elapsed = Date.now() - started;

    // Every score change reached Redis within one live poll at this budget (12 s apart) and its scheduling.
    const staleness = day.changes
      .filter((c) => !c.finished)
      .map((c) => {
        const seen = watch.writes.find((w) => w.id === c.matchId && w.at >= c.at - 50 && w.goals >= c.goals);
        return seen ? seen.at - c.at : Infinity;
      })
      .sort((a, b) => a - b);
    expect(staleness.length).toBeGreaterThanOrEqual(6);
    expect(staleness.at(-1)).toBeLessThanOrEqual(16 * SECOND);
    expect(staleness[Math.floor(staleness.length / 2)]).toBeLessThanOrEqual(9 * SECOND);
    // The final whistle too.
    for (const end of day.changes.filter((c) => c.finished)) {
      const seen = watch.writes.find((w) => w.id === end.matchId && w.finished);
      expect(seen!.at - end.at).toBeLessThanOrEqual(16 * SECOND);
    }

    // Live polls never waited for anything else while the matches played.
    const live = peer.requests.filter(
      (r) => r.url === '/v4/matches?status=LIVE' && r.at <= started + 55 * SECOND,
    );
    const gaps = live.slice(1).map((r, i) => r.at - live[i]!.at);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(15 * SECOND);

    // Each squad once; nothing refused; never more than 10 calls in a minute.
    expect(squads()).toHaveLength(day.teamIds.length);
    expect(peer.requests.filter((r) => r.refused)).toEqual([]);
    for (const r of peer.requests) {
      expect(
        peer.requests.filter((x) => x.at >= r.at && x.at < r.at + 60 * SECOND).length,
      ).toBeLessThanOrEqual(10);
    }
    // What the operators' page shows of the planner: the minute learned from the headers, what it held back.
    const planner = JSON.parse((await t.redis.get(t.keys.ingestPlanner()))!) as OpsPlanner;
    expect(planner.minute?.capacity).toBe(10);
    expect(planner.admitted.live).toBeGreaterThanOrEqual(5);
    expect(Object.values(planner.deferred).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    const byKind = new Map<string, number>();
    for (const r of peer.requests) {
      const kind = r.url
        .replace(/\d+/g, 'N')
        .replace(/\?.*$/, (q) => (q.includes('status=LIVE') ? '?live' : ''));
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
    }
    console.warn(
      `[budget] 10/min: ${peer.requests.length} calls in ${(elapsed / 1000).toFixed(0)} s (${JSON.stringify(Object.fromEntries(byKind))}); ` +
        `score staleness p50 ${Math.round(staleness[Math.floor(staleness.length / 2)]!)} ms, max ${Math.round(staleness.at(-1)!)} ms over ${staleness.length} goals`,
    );
  }, 180_000);
});

/**
 * Squad refreshes used to overlap: a squad poll slower than its schedule met the next one in another of the
 * worker's slots, and both (up to three) fetched the same stale teams. The provider answers squads slowly here
 * (3 s each, the schedule 1 s): every team is fetched once.
 */
describe('squad refreshes against a slow provider', () => {
  let t: TestRedis;
  let peer: RateLimitedPeer;
  let ingest: IngestHandle;

  beforeAll(async () => {
    t = await testRedis();
    const day = new FootballDataDay({
      liveFrom: 0,
      liveUntil: 0,
      matches: 0,
      goalEveryMs: 60_000,
      extraTeams: 6,
    });
    peer = await startRateLimitedPeer({
      flavour: 'football-data',
      perMinute: 600,
      answer: (url) => {
        const reply = day.answer(url);
        return reply && /^\/v4\/teams\/\d+$/.test(url.pathname) ? { ...reply, delayMs: 3000 } : reply;
      },
    });
    ingest = await startTestIngest(t, new FootballDataProvider({ baseUrl: peer.url, timeoutMs: 5000 }), {
      intervals: { ...PRODUCTION, 'poll-squads': 1000 },
      fixtureWindowDays: 0,
    });
  });
  afterAll(async () => {
    await ingest?.close();
    await peer?.close();
    await t?.cleanup();
  });

  it('fetches each team once however the squad polls overlap', async () => {
    const squads = () => peer.requests.filter((r) => /^\/v4\/teams\/\d+$/.test(r.url)).map((r) => r.url);
    await expect.poll(() => new Set(squads()).size, { timeout: 40_000, interval: 500 }).toBe(6);
    // Three more schedules come and go (each skips while the one before is under way, or finds nothing stale).
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(squads().sort()).toEqual([...new Set(squads())].sort());
    expect(await t.redis.zcard(t.keys.squadsByFetch())).toBe(6);
  }, 60_000);
});
