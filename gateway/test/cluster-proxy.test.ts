import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { startClusterProxy, type ClusterProxy } from '@pitchside/scripts/cluster-proxy';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { Viewer } from '@pitchside/test-support/faults/viewer';
import { createApp, type App } from '../src/app.ts';

/**
 * The balancer of `npm run start:cluster` (scripts/lib/cluster-proxy.mjs) in front of two real gateways:
 * WebSockets go round robin, a long-polling session sticks to the gateway that knows its sid, and a stopped
 * gateway is skipped.
 */
describe('the cluster proxy', () => {
  let t: TestRedis;
  let driver: MatchDriver;
  const apps: App[] = [];
  const backends: string[] = [];
  let proxy: ClusterProxy;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await testRedis();
    driver = new MatchDriver(new MatchStore(t.redis, t.keys));
    await driver.tick();
    for (let i = 0; i < 2; i++) {
      const app = await createApp({ redis: t.connect(), subscriber: t.connect(), keys: t.keys });
      await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
      apps.push(app);
      backends.push(`http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`);
    }
    proxy = await startClusterProxy({ port: 0, backends });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await proxy?.close();
    await Promise.all(apps.map((a) => a.close()));
    await t?.cleanup();
  });

  const open = async (transports: ('websocket' | 'polling')[] = ['websocket']) => {
    const socket = connectClient(proxy.url, { transports });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };
  const clients = () => apps.map((a) => a.io.engine.clientsCount);

  it('spreads WebSocket viewers round robin over the gateways', async () => {
    await Promise.all(Array.from({ length: 4 }, () => open()));
    expect(clients()).toEqual([2, 2]);
    expect(proxy.sessions.size).toBe(0); // nothing pinned: WebSocket-only clients need no stickiness
  });

  it('keeps a long-polling session on the gateway that holds its sid, and it receives deltas', async () => {
    const before = clients();
    const socket = await open(['polling']);
    const viewer = new Viewer(socket, driver.matchId);
    await viewer.subscribe();
    for (let i = 0; i < 5; i++) await driver.tick();
    await expect.poll(() => viewer.position?.seq).toBe(driver.seq);
    expect(viewer.seqs()).toHaveLength(5);
    expect(proxy.sessions.size).toBe(1);
    // Each poll is a new HTTP request; round robin would have sent half of them to the other gateway (400).
    const after = clients();
    expect(after.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0)).toBe(1);
    const [session] = [...proxy.sessions.values()];
    expect(backends).toContain(session?.backend);
  });

  it('skips a gateway that stopped: new viewers land on the other', async () => {
    await apps[1]!.close();
    const before = apps[0]!.io.engine.clientsCount;
    await Promise.all(Array.from({ length: 3 }, () => open()));
    expect(apps[0]!.io.engine.clientsCount - before).toBeGreaterThanOrEqual(3);
    const health = await fetch(`${proxy.url}/api/health`);
    expect(health.status).toBe(200);
  });
});
