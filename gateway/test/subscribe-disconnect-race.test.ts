import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected } from '@pitchside/test-support/gateway';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';
import { createApp, type App } from '../src/app.ts';

/**
 * A viewer that leaves while Redis is still confirming its match subscription (a page closed mid-subscribe)
 * must not stay in the fan-out: nothing else would ever take it out, and the gateway would hold the match's
 * Redis channel for nobody. Redis is made slow to confirm here, so the disconnect lands in that window.
 */
describe('a viewer leaving mid-subscribe', () => {
  let t: TestRedis;
  let app: App;
  let url: string;

  beforeAll(async () => {
    t = await testRedis();
    await new MatchDriver(new MatchStore(t.redis, t.keys), '4242').tick();
    const subscriber = t.connect();
    const subscribe = subscriber.subscribe.bind(subscriber) as (channel: string) => Promise<unknown>;
    (subscriber as unknown as { subscribe: (channel: string) => Promise<unknown> }).subscribe = async (
      channel,
    ) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return subscribe(channel);
    };
    app = await createApp({ redis: t.connect(), subscriber, keys: t.keys });
    await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await t?.cleanup();
  });

  it('is taken out of the fan-out, and the match is no longer watched', async () => {
    const socket = connectClient(url);
    await connected(socket);
    socket.emit('match:subscribe', { matchId: '4242' }, () => {});
    await expect.poll(async () => sample(await scrape(`${url}/metrics`), 'gateway_matches_watched')).toBe(1);
    socket.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 400)); // Redis has confirmed by now
    expect(sample(await scrape(`${url}/metrics`), 'gateway_matches_watched')).toBe(0);
  });
});
