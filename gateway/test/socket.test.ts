import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SUBSCRIPTIONS_PER_SOCKET, MAX_UNKNOWN_EVENT_ANSWERS } from '@pitchside/shared/constants';
import type { MatchDelta } from '@pitchside/shared/domain';
import { buildEvent, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected, startGateway, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';

describe('gateway socket: ingest to Redis to a real socket.io-client', () => {
  let t: TestRedis;
  let store: MatchStore;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const sockets: ClientSocket[] = [];
  const client = () => {
    const s = connectClient(gateway.url);
    sockets.push(s);
    return s;
  };

  beforeEach(async () => {
    t = await testRedis();
    store = new MatchStore(t.redis, t.keys);
    await store.ingest({ match: liveMatch(0, 0, 10), events: [] });
    gateway = await startGateway(t);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await gateway.close();
    await t.cleanup();
  });

  it('answers a subscription with a snapshot, then pushes every change in order', async () => {
    const socket = client();
    const follower = new MatchFollower(socket, '1001');
    await follower.subscribe();
    expect(follower.detail?.match.clock.elapsed).toBe(10);

    await store.ingest({ match: liveMatch(0, 0, 11), events: [] });
    await store.ingest({ match: liveMatch(1, 0, 12), events: [buildEvent({ minute: 12 })] });

    await expect.poll(() => follower.position?.seq).toBe(3);
    expect(follower.detail?.match.score.current).toEqual({ home: 1, away: 0 });
    expect(follower.detail?.events.map((e) => e.kind)).toEqual(['goal']);
    expect(follower.resyncs).toBe(0);
  });

  it('serves clients stuck on HTTP long-polling (no WebSocket through their proxy) the same deltas', async () => {
    const socket = connectClient(gateway.url, { transports: ['polling'] });
    sockets.push(socket);
    const follower = new MatchFollower(socket, '1001');
    await follower.subscribe();
    await store.ingest({ match: liveMatch(1, 0, 11), events: [buildEvent({ minute: 11 })] });
    await expect.poll(() => follower.position?.seq).toBe(2);
    expect(follower.detail?.match.score.current).toEqual({ home: 1, away: 0 });
    expect(socket.io.engine.transport.name).toBe('polling');
  });

  it('sends only the missed deltas to a client that says where it stands', async () => {
    await store.ingest({ match: liveMatch(0, 0, 11) });
    await store.ingest({ match: liveMatch(0, 0, 12) });
    const stored = await store.read('1001');
    const socket = client();
    const response = await socket.emitWithAck('match:subscribe', {
      matchId: '1001',
      since: { epoch: stored!.epoch, seq: 1 },
    });
    expect(response).toMatchObject({ data: { kind: 'deltas', seq: 3 } });
    const deltas = (response as { data: { deltas: MatchDelta[] } }).data.deltas;
    expect(deltas.map((d) => d.seq)).toEqual([2, 3]);
  });

  it('sends a snapshot to a client whose epoch is gone', async () => {
    const socket = client();
    const response = await socket.emitWithAck('match:subscribe', {
      matchId: '1001',
      since: { epoch: 'old', seq: 7 },
    });
    expect(response).toMatchObject({ data: { kind: 'snapshot', seq: 1 } });
  });

  it('holds a Redis subscription for a match only while it has viewers', async () => {
    const numsub = async () => Number((await t.redis.pubsub('NUMSUB', t.keys.matchChannel('1001')))[1]);
    const a = client();
    const b = client();
    await a.emitWithAck('match:subscribe', { matchId: '1001' });
    await b.emitWithAck('match:subscribe', { matchId: '1001' });
    expect(await numsub()).toBe(1);
    await a.emitWithAck('match:unsubscribe', { matchId: '1001' });
    expect(await numsub()).toBe(1);
    b.disconnect();
    await expect.poll(numsub).toBe(0);
  });

  it('answers bad requests with coded errors and keeps the socket up', async () => {
    const socket = client();
    await connected(socket);
    expect(await socket.emitWithAck('match:subscribe', { matchId: 'does-not-exist' })).toMatchObject({
      error: { code: 'match:not-found' },
    });
    expect(await socket.emitWithAck('match:subscribe', { matchId: 42 } as never)).toMatchObject({
      error: { code: 'request:invalid', issues: [{ path: 'matchId' }] },
    });
    expect(
      await socket.emitWithAck('match:subscribe', { matchId: '1001', extra: 'x'.repeat(5000) } as never),
    ).toMatchObject({
      error: { code: 'request:payload-too-large' },
    });
    expect(await socket.emitWithAck('match:unsubscribe', { matchId: '1001' })).toMatchObject({
      error: { code: 'subscription:not-subscribed' },
    });
    expect(
      await (socket as unknown as { emitWithAck(e: string, p: unknown): Promise<unknown> }).emitWithAck(
        'admin:drop',
        {},
      ),
    ).toMatchObject({
      error: { code: 'request:invalid' },
    });
    expect(socket.connected).toBe(true);
    expect(await socket.emitWithAck('match:subscribe', { matchId: '1001' })).toMatchObject({
      data: { kind: 'snapshot' },
    });
  });

  it('caps subscriptions per connection', async () => {
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      await store.ingest({ match: liveMatch(0, 0, 10, { id: `m${i}` }) });
    }
    await store.ingest({ match: liveMatch(0, 0, 10, { id: 'one-too-many' }) });
    const socket = client();
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_SOCKET; i++) {
      expect(await socket.emitWithAck('match:subscribe', { matchId: `m${i}` })).toHaveProperty('data');
    }
    expect(await socket.emitWithAck('match:subscribe', { matchId: 'one-too-many' })).toMatchObject({
      error: { code: 'subscription:limit' },
    });
    expect(socket.connected).toBe(true);
  });

  it('holds the cap when a hundred subscriptions arrive at once on one connection', async () => {
    const ids = Array.from({ length: 2 * MAX_SUBSCRIPTIONS_PER_SOCKET }, (_, i) => `c${i}`);
    for (const id of ids) await store.ingest({ match: liveMatch(0, 0, 10, { id }) });
    const socket = client();
    await connected(socket);
    const answers = await Promise.all(
      ids.map((matchId) => socket.emitWithAck('match:subscribe', { matchId })),
    );
    const codes = answers.map((a) => ('error' in a ? a.error.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET);
    expect(codes.filter((c) => c === 'subscription:limit')).toHaveLength(MAX_SUBSCRIPTIONS_PER_SOCKET);
    // The refused ones hold nothing: leaving a granted match frees exactly one place. (After a pause: the
    // hundred requests took the whole burst of the connection's rate limit.)
    await new Promise((resolve) => setTimeout(resolve, 300));
    const granted = ids.filter((_, i) => codes[i] === 'ok');
    const refused = ids.filter((_, i) => codes[i] !== 'ok');
    expect(await socket.emitWithAck('match:unsubscribe', { matchId: refused[0]! })).toMatchObject({
      error: { code: 'subscription:not-subscribed' },
    });
    await socket.emitWithAck('match:unsubscribe', { matchId: granted[0]! });
    const again = await Promise.all(
      refused.slice(0, 2).map((matchId) => socket.emitWithAck('match:subscribe', { matchId })),
    );
    expect(again.map((a) => ('error' in a ? a.error.code : 'ok')).sort()).toEqual([
      'ok',
      'subscription:limit',
    ]);
  });

  it('tells a flood once that it is rate-limited, drops the rest unanswered, and serves the client again once it slows down', async () => {
    const socket = client();
    await connected(socket);
    const codes: string[] = [];
    for (let i = 0; i < 150; i++)
      socket.emit('match:unsubscribe', { matchId: '1001' }, (a) => {
        codes.push('error' in a ? a.error.code : 'ok');
      });
    // Refused requests cost their token too: fifty over the burst take 2.5 s of refill to pay back.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Answers come in order on one connection: once this one is in, every earlier one that will be is.
    expect(await socket.emitWithAck('match:subscribe', { matchId: '1001' })).toMatchObject({
      data: { kind: 'snapshot' },
    });
    const refused = codes.filter((c) => c === 'request:rate-limited').length;
    expect(codes.filter((c) => c === 'subscription:not-subscribed').length).toBeGreaterThanOrEqual(100);
    expect(refused).toBeGreaterThanOrEqual(1);
    // At most one answer per run of refusals; the bucket refills 20 a second, so a run may be broken once or twice.
    expect(refused).toBeLessThanOrEqual(3);
    expect(codes.length).toBeLessThan(130);
    expect(socket.connected).toBe(true);
  });

  it('answers the first few unknown events, then drops them unanswered', async () => {
    const socket = client();
    await connected(socket);
    const codes: string[] = [];
    const emit = socket.emit.bind(socket) as (e: string, p: unknown, ack: (r: unknown) => void) => void;
    for (let i = 0; i < 50; i++)
      emit(`nonsense:${i}`, {}, (r) => codes.push((r as { error: { code: string } }).error.code));
    expect(await socket.emitWithAck('match:subscribe', { matchId: '1001' })).toHaveProperty('data');
    expect(codes).toEqual(Array.from({ length: MAX_UNKNOWN_EVENT_ANSWERS }, () => 'request:invalid'));
  });

  it('disconnects a connection that keeps sending while refused, whatever it sends', async () => {
    const socket = client();
    await connected(socket);
    socket.io.opts.reconnection = false;
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const emit = socket.emit.bind(socket) as (e: string, p: unknown) => void;
    // Events nobody handles, without acks: they count against the connection's rate limit as requests do.
    for (let i = 0; i < 400; i++) emit(`noise:${i}`, { i });
    expect(await reason).toBe('io server disconnect');
    // Another connection from the same client is served.
    expect(await client().emitWithAck('match:subscribe', { matchId: '1001' })).toHaveProperty('data');
  });

  it('refuses a browser origin that is not allowed', async () => {
    const socket = connectClient(gateway.url, { extraHeaders: { origin: 'https://evil.example' } });
    sockets.push(socket);
    socket.io.opts.reconnection = false;
    await expect(connected(socket)).rejects.toThrow();
  });

  it('keeps a scoreboard of live matches current and drops a match when it ends', async () => {
    const socket = client();
    const response = await socket.emitWithAck('scoreboard:subscribe', { scope: { kind: 'live' } });
    expect(response).toMatchObject({
      data: { room: 'scoreboard:live', entries: [{ match: { id: '1001' } }] },
    });
    const updates: { inScope: boolean; seq: number }[] = [];
    socket.on('scoreboard:updated', (u) => updates.push({ inScope: u.inScope, seq: u.entry.seq }));
    await store.ingest({ match: liveMatch(1, 0, 11) });
    await store.ingest({ match: liveMatch(1, 0, 90, { status: 'finished' }) });
    await expect
      .poll(() => updates)
      .toEqual([
        { inScope: true, seq: 2 },
        { inScope: false, seq: 3 },
      ]);
  });
});
