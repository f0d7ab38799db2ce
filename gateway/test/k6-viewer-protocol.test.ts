import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { startGateway } from '@pitchside/test-support/gateway';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { socketUrl } from '@pitchside/load-tests/k6/lib/engine-io';
import {
  MatchTracker,
  type DeltaHead,
  type Observation,
  type SubscribeAck,
} from '@pitchside/load-tests/k6/lib/match-tracker';
import { SocketIoSession } from '@pitchside/load-tests/k6/lib/socket-io-session';

/**
 * The k6 viewer's protocol code (load-tests/k6/lib), which k6 cannot run here, against the real gateway:
 * subscribe, follow deltas by seq, resume from its position, and resynchronise after an epoch change.
 */
describe('the k6 viewer speaks the Pitchside socket protocol', () => {
  let t: TestRedis;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeEach(async () => {
    t = await testRedis();
    gateway = await startGateway(t);
  });
  afterEach(async () => {
    await gateway.close();
    await t.cleanup();
  });

  it('follows a match, resubscribes from its position after a gap and for a snapshot after a reset', async () => {
    const store = new MatchStore(t.redis, t.keys);
    const driver = new MatchDriver(store);
    await driver.tick();
    const seen: Observation[] = [];
    const tracker = new MatchTracker(driver.matchId);
    const subscribe = () => {
      tracker.subscribing();
      session.emit('match:subscribe', tracker.request(), (ack) => {
        const { observations, error } = tracker.acknowledged(ack as SubscribeAck);
        expect(error).toBeNull();
        seen.push(...observations);
      });
    };
    const session = new SocketIoSession(new WebSocket(socketUrl(gateway.url)), {
      onConnect: subscribe,
      onEvent: (name, args) => {
        if (name !== 'match:updated') return;
        const o = tracker.receive(args[0] as DeltaHead);
        if (o) seen.push(o);
        if (tracker.needsResubscribe) subscribe();
      },
    });
    await expect.poll(() => tracker.position?.seq).toBe(1);
    for (let i = 0; i < 5; i++) await driver.tick();
    await expect.poll(() => tracker.position?.seq).toBe(6);
    expect(seen.map((o) => o.kind)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    expect(seen.every((o) => o.kind === 'applied' && o.latencyMs >= 0 && o.latencyMs < 5000)).toBe(true);

    // Pretend the viewer missed deltas 5 and 6: the next live one is a gap, and its resubscription with
    // `since` brings exactly the missing ones from the stream.
    tracker.position = { epoch: tracker.position!.epoch, seq: 4 };
    seen.length = 0;
    await driver.tick();
    await expect.poll(() => tracker.position?.seq).toBe(7);
    expect(seen.map((o) => o.kind)).toEqual(['gap', 'applied', 'applied', 'applied']);

    // Redis flushed: a new epoch; the viewer resets and takes a snapshot.
    const epoch = tracker.position!.epoch;
    await t.flush();
    await driver.tick();
    await expect.poll(() => tracker.position?.epoch).not.toBe(epoch);
    expect(seen.at(-1)?.kind).toBe('reset');
    expect(tracker.position?.seq).toBe(1);
    expect(session.state).toBe('connected');
    session.close();
  });
});
