import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Socket as EngineSocket } from 'engine.io';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { MatchFanout } from '../src/socket/match-fanout.ts';

/** An Engine.IO connection on long polling, as far as MatchFanout writes to it. */
const fakeConnection = (received: string[]) =>
  ({
    readyState: 'open',
    transport: { name: 'polling' },
    writeBuffer: [],
    write: (p: string) => received.push(p),
  }) as unknown as EngineSocket;

/**
 * A gateway that gets viewers in its first milliseconds (just restarted, or taking over a stopped gateway's
 * viewers) subscribes while its subscriber connection is still in its handshake. ioredis 5.8.2+ then loses the
 * subscription without saying so (subscriber-ready.ts). Found by the socket-abuse fault test: 5 of 6 freshly
 * started gateway processes never delivered the match their first viewers subscribed to; this test fails
 * without the fix.
 */
describe('match fan-out on a subscriber still connecting', () => {
  let t: TestRedis;
  const connections: Redis[] = [];
  beforeAll(async () => {
    t = await testRedis();
  });
  afterAll(async () => {
    for (const c of connections) c.disconnect();
    await t?.cleanup();
  });

  it('delivers the first delta to a viewer who joined before the connection was ready', async () => {
    for (let round = 0; round < 5; round++) {
      const subscriber = new Redis(REDIS_URL);
      subscriber.on('error', () => {}); // the lost subscription's failed ready check, without the fix
      connections.push(subscriber);
      // Connected, handshake under way: the moment a viewer's subscribe was lost.
      await once(subscriber, 'connect');
      expect(subscriber.status).toBe('connect');
      const fanout = new MatchFanout(subscriber, t.keys, pino({ level: 'silent' }));
      const received: string[] = [];
      await fanout.join('77', fakeConnection(received));
      // Give a lost subscription time to show: ioredis's failed ready check and its reconnection.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await t.redis.publish(t.keys.matchChannel('77'), `{"round":${round}}`);
      await expect.poll(() => received).toEqual([`2["match:updated",{"round":${round}}]`]);
    }
  });
});
