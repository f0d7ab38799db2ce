import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchDelta } from '@pitchside/shared/domain';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { createApp, type App } from '../src/app.ts';
import { INTERNALS_STEPS, type InternalsStep } from '../src/socket/library-internals.ts';

const VIEWERS = 3;
const PINNED = ['socket.io', 'engine.io', 'ws'] as const;

const requireFrom = (dir: string) => createRequire(path.join(dir, 'noop.js'));
const GATEWAY_DIR = path.dirname(createRequire(import.meta.url).resolve('../package.json'));

/** The version of `name` that code in `dir` gets (engine.io does not export its package.json: walk up). */
function installedVersion(name: string, dir: string): string {
  let at = path.dirname(requireFrom(dir).resolve(name));
  while (path.basename(at) !== name || !path.basename(path.dirname(at)).endsWith('node_modules')) {
    at = path.dirname(at);
  }
  return (JSON.parse(readFileSync(path.join(at, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * The gateway's memory and fan-out figures rest on private parts of socket.io, engine.io and ws
 * (socket/library-internals.ts). Each step looks for what it changes and quietly does nothing when it is
 * not there, so only this test notices an upgrade that moved one: on a real gateway with real clients on
 * WebSockets, as the website connects, every step must have applied to every connection and every frame.
 * It fails, never skips: an upgrade of these libraries is a re-measurement (BENCHMARKS.md), not an accident.
 */
describe('the socket libraries under the gateway', () => {
  let t: TestRedis;
  let app: App | undefined;
  const clients: ClientSocket[] = [];

  beforeEach(async () => {
    t = await testRedis();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await app?.close();
    app = undefined;
    await t.cleanup();
  });

  /** A gateway, viewers of one match subscribed to it, and one delta played to all of them. */
  async function watchOneDelta(libraryInternals: boolean): Promise<MatchDelta[]> {
    const driver = new MatchDriver(new MatchStore(t.redis, t.keys), '7001');
    await driver.tick();
    app = await createApp(
      { redis: t.connect(), subscriber: t.connect(), keys: t.keys },
      { libraryInternals },
    );
    await new Promise<void>((resolve) => app!.httpServer.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(app.httpServer.address() as AddressInfo).port}`;
    const received: MatchDelta[] = [];
    for (let i = 0; i < VIEWERS; i++) {
      const client = connectClient(url);
      clients.push(client);
      client.on('match:updated', (delta) => void received.push(delta));
      await connected(client);
      const ack = await client.emitWithAck('match:subscribe', { matchId: driver.matchId });
      expect(ack).toHaveProperty('data');
    }
    const seq = await driver.tick();
    await expect.poll(() => received.filter((d) => d.seq === seq).length).toBe(VIEWERS);
    return received;
  }

  it('are pinned to exact versions, and engine.io runs on the ws the gateway pins', () => {
    const manifest = JSON.parse(readFileSync(path.join(GATEWAY_DIR, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const engineDir = path.dirname(requireFrom(GATEWAY_DIR).resolve('engine.io'));
    for (const name of PINNED) {
      const pin = manifest.dependencies[name];
      expect(pin, `${name} in gateway/package.json`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(installedVersion(name, GATEWAY_DIR), `installed ${name}`).toBe(pin);
    }
    // preencoded-frame.ts builds frames with the gateway's ws and writes them with engine.io's: the same one.
    expect(installedVersion('ws', engineDir), "engine.io's ws").toBe(manifest.dependencies.ws);
  });

  it('take every step of library-internals.ts on the installed versions', async () => {
    await watchOneDelta(true);
    const report = app!.libraryInternals.report();
    const versions = PINNED.map((name) => `${name} ${installedVersion(name, GATEWAY_DIR)}`).join(', ');
    const notApplied = (Object.keys(INTERNALS_STEPS) as InternalsStep[])
      .filter((step) => report[step].applied === 0 || report[step].missed > 0)
      .map(
        (step) =>
          `${step} (applied ${report[step].applied}, missed ${report[step].missed}): ${INTERNALS_STEPS[step]}`,
      );
    expect(notApplied, `steps that did not apply on ${versions}`).toEqual([]);
    // Every viewer's connection went through each connection step, and the delta's frame went to each viewer.
    expect(report['engine.request'].applied).toBe(VIEWERS);
    expect(report['heartbeat.sweep'].applied).toBe(VIEWERS);
    expect(report['ws.send-frame'].applied).toBe(VIEWERS);
  });

  it('are left alone when the switch is off, and the viewers still get every delta', async () => {
    const received = await watchOneDelta(false);
    expect(received).toHaveLength(VIEWERS);
    const report = app!.libraryInternals.report();
    expect(Object.values(report).filter((count) => count.applied > 0 || count.missed > 0)).toEqual([]);
  });
});
