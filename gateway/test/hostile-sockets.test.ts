import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent, liveMatch } from '@pitchside/shared/testing';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { keptMemoryOf, type KeptMemory } from '@pitchside/test-support/faults/kept-memory';
import { spawnService, type ServiceProcess } from '@pitchside/test-support/faults/child-process';
import { NeverReader } from '@pitchside/load-tests/hostile/never-reader';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';

const MiB = 1024 * 1024;
/** What the issue allows the gateway to grow while one socket floods it without reading (issue 17 §1). */
const MAX_GROWTH = 50 * MiB;

/** The gateway process's resident memory now, as the kernel counts it (no garbage collection first). */
const residentBytes = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.replace(/\D+/g, '')) * 1024;
};

/**
 * Issue 17 §1: hostile sockets against a gateway process (test/faults/gateway-main.ts), so the memory
 * measured is the gateway's own.
 */
describe('hostile sockets', () => {
  let t: TestRedis;
  let gateway: ServiceProcess;
  let port: number;
  let keptMemory: () => Promise<KeptMemory>;

  beforeAll(async () => {
    t = await testRedis();
    const store = new MatchStore(t.redis, t.keys);
    // A match with a long story, so its snapshot is a reply of some size (about 20 KB).
    const events = Array.from({ length: 80 }, (_, i) =>
      buildEvent({ id: `1001-card-${i}`, kind: 'yellow', minute: 1 + (i % 89) }),
    );
    await store.ingest({ match: liveMatch(0, 0, 90), events });
    gateway = await spawnService('test/faults/gateway-main.ts', {
      REDIS_URL,
      REDIS_PREFIX: t.prefix,
      PORT: '0',
      MALLOC_ARENA_MAX: '2',
    });
    port = gateway.ready.port as number;
    keptMemory = keptMemoryOf(gateway);
  }, 60_000);
  afterAll(async () => {
    await gateway?.kill();
    await t?.cleanup();
  });

  const sockets = async () => sample(await scrape(`http://127.0.0.1:${port}/metrics`), 'gateway_sockets');

  it('cuts a socket that floods requests and never reads its replies; the memory stays bounded and is given back', async () => {
    const before = await keptMemory();
    const reader = await NeverReader.open(port);
    await expect.poll(sockets, { timeout: 10_000 }).toBe(1);
    let peak = residentBytes(gateway.pid);
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(gateway.pid))), 100);
    // Every kind of request a client may send, as fast as the gateway reads them: known ones (a snapshot
    // each while the rate limit lets them through), unknown ones, all with acks.
    let i = 0;
    await reader.flood(60_000, () =>
      Array.from({ length: 100 }, () =>
        i++ % 10 === 0
          ? reader.request('match:subscribe', { matchId: '1001' })
          : reader.request(`flood:${i}`, { i }),
      ),
    );
    clearInterval(sampler);
    const cut = reader.closedAt !== null;
    reader.destroy();
    await expect.poll(sockets, { timeout: 10_000 }).toBe(0);
    const after = await keptMemory();
    const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;
    console.warn(
      `[hostile] never-reading flooder: ${reader.sent} frames sent, ${cut ? 'cut by the gateway' : 'never cut'}; ` +
        `gateway RSS ${mib(before.rss)} before, ${mib(peak)} peak, ${mib(after.rss)} after (heap ${mib(before.heapUsed)} -> ${mib(after.heapUsed)})`,
    );
    expect(cut).toBe(true);
    expect(peak - before.rss).toBeLessThan(MAX_GROWTH);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * MiB);
    expect(after.rss - before.rss).toBeLessThan(24 * MiB);
  }, 120_000);
});
