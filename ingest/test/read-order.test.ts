import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchDeltaSchema, type Score } from '@pitchside/shared/domain';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { ApiFootballReplay } from '../src/providers/testing/api-football-replay.ts';
import { MovingClock } from '../src/providers/testing/moving-clock.ts';
import { readFixtureJson } from '../src/providers/testing/project-fixtures.ts';
import { startRateLimitedPeer, type RateLimitedPeer } from '../src/providers/testing/rate-limited-peer.ts';
import { RECORDINGS } from '../src/providers/testing/recorded-peer.ts';
import type { Reply } from '../src/providers/testing/recorded-server.ts';
import type { IngestHandle } from '../src/ingest-worker.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { quietIntervals, startTestIngest } from './support/ingest-under-test.ts';

const MINUTE = 60_000;
/** Atlético–Inter, 13 March 2024 (recorded): Inter score at 33', Atlético at 35'. */
const MATCH = '1149519';

/**
 * Two reads of one match race: the details read goes out before a goal, the live list after it, and the
 * details' answer comes back last. Whatever order the answers arrive in, the older one must not put back the
 * score the newer one replaced (ingest runs three jobs at once, and several workers may run).
 */
describe('provider reads written out of order', () => {
  let t: TestRedis;
  let clock: MovingClock;
  let replay: ApiFootballReplay;
  let peer: RateLimitedPeer;
  let ingest: IngestHandle;
  /** When set, the next details read is answered as of the moment it arrived, but only once released. */
  let hold: { held: () => void; release: Promise<void> } | null = null;

  beforeAll(async () => {
    t = await testRedis();
    const start = Date.now();
    clock = new MovingClock({ at: start, rate: 1, paused: true });
    replay = new ApiFootballReplay({
      now: clock.now,
      kickoffAt: start + 10 * MINUTE,
      anchor: MATCH,
      recording: readFixtureJson(RECORDINGS['api-football']),
    });
    peer = await startRateLimitedPeer({
      flavour: 'api-football',
      perMinute: 6000,
      answer: async (url): Promise<Reply | undefined> => {
        const answer = replay.answer(url);
        if (hold && url.pathname === '/fixtures' && url.searchParams.get('id') === MATCH) {
          const { held, release } = hold;
          hold = null;
          held();
          await release;
        }
        return answer;
      },
      now: clock.now,
    });
    // Half an hour in, before the first goal.
    clock.set(minute(32));
    ingest = await startTestIngest(t, new ApiFootballProvider({ baseUrl: peer.url, timeoutMs: 10_000 }), {
      intervals: quietIntervals({ 'poll-live': 100, 'poll-details': 100, 'poll-fixtures': 500 }),
      now: clock.now,
      fixtureWindowDays: 0,
    });
  }, 60_000);
  afterAll(async () => {
    await ingest?.close();
    await peer?.close();
    await t?.cleanup();
  });

  /** The instant the match clock shows `elapsed` minutes. */
  const minute = (elapsed: number): number =>
    replay.instant(MATCH, replay.match(MATCH).timeline.instantOf(elapsed, null));
  const board = async (): Promise<Score['current'] | undefined> =>
    (await new MatchStore(t.redis, t.keys).read(MATCH))?.detail.match.score.current;

  it('keeps the newer score when an older read is written after it', async () => {
    await expect.poll(board, { timeout: 15_000 }).toEqual({ home: 0, away: 0 });

    // A details read goes out at 32' (0–0) and is held; then the match moves on past both goals.
    let released!: () => void;
    const isHeld = new Promise<void>((held) => {
      hold = { held, release: new Promise<void>((resolve) => (released = resolve)) };
    });
    await isHeld;
    clock.set(minute(36));
    const later = { home: 1, away: 1 };
    await expect.poll(board, { timeout: 15_000 }).toEqual(later);
    const seqBefore = (await new MatchStore(t.redis, t.keys).read(MATCH))!.seq;

    // The 32' answer arrives now, after the 36' one was written.
    released();
    await expect
      .poll(() => peer.requests.filter((r) => r.url === `/fixtures?id=${MATCH}`).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await board()).toEqual(later);
    // No delta after the goals took the score back, or the goal events away.
    const rows = await t.redis.xrange(t.keys.matchStream(MATCH), '-', '+');
    const changes = rows
      .map(([, fields]) => MatchDeltaSchema.parse(JSON.parse(fields[1]!)))
      .filter((d) => d.seq > seqBefore)
      .flatMap((d) => d.changes);
    expect(changes.filter((c) => c.type === 'score')).toEqual([]);
    expect(changes.filter((c) => c.type === 'event_removed')).toEqual([]);
  });
});
