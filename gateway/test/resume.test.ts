import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, startGateway, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';

const VIEWERS = 20;

/** Applied seqs must run 1..n (or from the snapshot on) without a hole or a repeat. */
function expectContiguous(follower: MatchFollower, from: number, to: number): void {
  const seqs = follower.applied.map((a) => a.seq);
  expect(seqs).toEqual(Array.from({ length: to - from }, (_, i) => from + 1 + i));
}

describe('resuming after failures', () => {
  let t: TestRedis;
  let store: MatchStore;
  const sockets: ClientSocket[] = [];
  let minute = 1;
  const tick = () => store.ingest({ match: liveMatch(0, 0, Math.min(++minute, 120)) });

  beforeEach(async () => {
    t = await testRedis();
    store = new MatchStore(t.redis, t.keys);
    minute = 1;
    await store.ingest({ match: liveMatch(0, 0, minute) });
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await t.cleanup();
  });

  it('every client resumes after the gateway is killed and restarted mid-match, missing nothing', async () => {
    let gateway = await startGateway(t);
    const followers = Array.from({ length: VIEWERS }, () => {
      const socket = connectClient(gateway.url);
      sockets.push(socket);
      return new MatchFollower(socket, '1001');
    });
    await Promise.all(followers.map((f) => f.subscribe()));
    for (let i = 0; i < 10; i++) await tick();
    await expect.poll(() => followers.every((f) => f.position?.seq === 11)).toBe(true);

    // Kill the gateway; the match goes on without it.
    const port = gateway.port;
    await gateway.close();
    for (let i = 0; i < 15; i++) await tick();
    gateway = await startGateway(t, { port });
    for (let i = 0; i < 5; i++) await tick();

    await expect.poll(() => followers.every((f) => f.position?.seq === 31), { timeout: 10_000 }).toBe(true);
    for (const f of followers) {
      expectContiguous(f, 1, 31);
      expect(f.resyncs).toBe(0);
      expect(f.detail?.match.clock.elapsed).toBe(31);
    }
    await gateway.close();
  });

  it('clients see the epoch change after Redis is flushed and resynchronise', async () => {
    const gateway = await startGateway(t);
    const followers = Array.from({ length: 5 }, () => {
      const socket = connectClient(gateway.url);
      sockets.push(socket);
      return new MatchFollower(socket, '1001');
    });
    await Promise.all(followers.map((f) => f.subscribe()));
    const before = followers[0]!.position!.epoch;

    await t.flush();
    await tick(); // ingest rebuilds the match: a new epoch, seq 1
    const rebuilt = await store.read('1001');
    expect(rebuilt?.epoch).not.toBe(before);

    await expect.poll(() => followers.every((f) => f.position?.epoch === rebuilt?.epoch)).toBe(true);
    for (const f of followers) {
      expect(f.resyncs).toBe(1);
      expect(f.detail).toEqual(rebuilt?.detail);
    }
    await tick();
    await expect.poll(() => followers.every((f) => f.position?.seq === 2)).toBe(true);
    await gateway.close();
  });
});
