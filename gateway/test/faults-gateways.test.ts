import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected } from '@pitchside/test-support/gateway';
import { spawnService, type ServiceProcess } from '@pitchside/test-support/faults/child-process';
import { FailoverProxy } from '@pitchside/test-support/faults/failover-proxy';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';
import { contiguous, longestStall, percentile, Viewer } from '@pitchside/test-support/faults/viewer';

const GATEWAY_ENTRY = 'test/faults/gateway-main.ts';
const VIEWERS_PER_GATEWAY = 10;

/**
 * Gateways share nothing but Redis (issue 7, §3 and §4): two gateway processes on one Redis, then one of
 * them killed with SIGKILL while viewers watch goals go in. Each gateway is a real process
 * (test/faults/gateway-main.ts: createApp on real ioredis connections); deltas are written by ingest's
 * real write path (MatchStore: diff, Lua script, stream, PUBLISH).
 */
describe('two gateways on one Redis', () => {
  let t: TestRedis;
  let driver: MatchDriver;
  let gateways: ServiceProcess[] = [];
  let ports: number[] = [];
  const viewers: Viewer[] = [];
  let proxy: FailoverProxy | null = null;

  beforeAll(async () => {
    t = await testRedis();
    driver = new MatchDriver(new MatchStore(t.redis, t.keys));
    await driver.tick();
    gateways = await Promise.all(
      [0, 1].map(() => spawnService(GATEWAY_ENTRY, { REDIS_URL, REDIS_PREFIX: t.prefix, PORT: '0' })),
    );
    ports = gateways.map((g) => g.ready.port as number);
  }, 60_000);
  afterAll(async () => {
    for (const v of viewers.splice(0)) v.close();
    await proxy?.close();
    await Promise.all(gateways.map((g) => g.stop()));
    await t?.cleanup();
  });

  const watch = async (url: string): Promise<Viewer> => {
    const socket = connectClient(url);
    await connected(socket);
    const viewer = new Viewer(socket, driver.matchId);
    viewers.push(viewer);
    await viewer.subscribe();
    return viewer;
  };
  const closeViewers = () => {
    for (const v of viewers.splice(0)) v.close();
  };

  it('clients on both gateways receive every delta exactly once, in order', async () => {
    const onA = await Promise.all(
      Array.from({ length: VIEWERS_PER_GATEWAY }, () => watch(`http://127.0.0.1:${ports[0]}`)),
    );
    const onB = await Promise.all(
      Array.from({ length: VIEWERS_PER_GATEWAY }, () => watch(`http://127.0.0.1:${ports[1]}`)),
    );
    const from = driver.seq;
    const DELTAS = 60;
    for (let i = 0; i < DELTAS; i++) {
      await driver.tick();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const all = [...onA, ...onB];
    await expect.poll(() => all.every((v) => v.position?.seq === driver.seq)).toBe(true);

    const stored = await new MatchStore(t.redis, t.keys).read(driver.matchId);
    for (const v of all) {
      expect(contiguous(v.seqs(), from, driver.seq)).toBe(true);
      expect(v.redundant).toBe(0); // not one copy too many: each delta crossed Redis once per gateway
      expect(v.resyncs).toBe(0);
      expect(v.detail).toEqual(stored?.detail);
    }
    // Each gateway holds one Redis subscription for the match however many viewers it has.
    for (const port of ports) {
      const text = await scrape(`http://127.0.0.1:${port}/metrics`);
      expect(sample(text, 'gateway_matches_watched')).toBe(1);
      expect(sample(text, 'gateway_deliveries_total')).toBeGreaterThanOrEqual(VIEWERS_PER_GATEWAY * DELTAS);
    }
    const lags = all.flatMap((v) => v.applied.map((a) => a.receivedAt - a.at));
    console.warn(
      `[faults] two gateways: ${all.length} viewers x ${DELTAS} deltas = ${all.length * DELTAS} deliveries, ` +
        `missing 0, duplicates 0; publish-to-apply p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms`,
    );
    closeViewers();
  });

  it('a gateway killed with SIGKILL while goals flow: its viewers resume on the other, no gap, no duplicate', async () => {
    proxy = new FailoverProxy(ports);
    const url = await proxy.listen();
    const all = await Promise.all(Array.from({ length: 2 * VIEWERS_PER_GATEWAY }, () => watch(url)));
    const startSeq = new Map(all.map((v) => [v, v.position!.seq]));
    expect([...proxy.routed.values()]).toEqual([VIEWERS_PER_GATEWAY, VIEWERS_PER_GATEWAY]);

    // Ten deltas a second, a goal every fifth, for the whole test.
    const stopPlaying = driver.play();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const [victim, survivor] = gateways as [ServiceProcess, ServiceProcess];
    const killedAt = Date.now();
    const seqAtKill = driver.seq;
    const goalsAtKill = driver.goals;
    await victim.kill();
    // Its viewers see the connection drop, reconnect through the proxy (to the survivor) and resubscribe.
    await expect
      .poll(() => all.filter((v) => v.disconnects > 0).length, { timeout: 10_000 })
      .toBe(VIEWERS_PER_GATEWAY);
    const moved = all.filter((v) => v.disconnects > 0);
    await expect
      .poll(() => moved.every((v) => v.lastSubscribedAt > killedAt), { timeout: 10_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await stopPlaying();
    await expect.poll(() => all.every((v) => v.position?.seq === driver.seq), { timeout: 10_000 }).toBe(true);

    const stored = await new MatchStore(t.redis, t.keys).read(driver.matchId);
    for (const v of all) {
      expect(contiguous(v.seqs(), startSeq.get(v)!, driver.seq)).toBe(true); // no gap, nothing applied twice
      expect(v.resyncs).toBe(0); // resumed from the stream, not from a new snapshot
      expect(v.snapshots).toBe(1);
      expect(v.detail).toEqual(stored?.detail);
    }
    // Everyone now watches on the survivor.
    const text = await scrape(`http://127.0.0.1:${survivor.ready.port}/metrics`);
    expect(sample(text, 'gateway_sockets')).toBe(2 * VIEWERS_PER_GATEWAY);

    const resumedMs = moved.map((v) => v.lastSubscribedAt - killedAt);
    // The longest a moved viewer went without a delta across the kill (deltas come every 100 ms).
    const stalls = moved.map((v) => longestStall(v, killedAt - 1000));
    const redundant = all.reduce((n, v) => n + v.redundant + v.overlap, 0);
    console.warn(
      `[faults] gateway SIGKILL: ${all.length} viewers (${moved.length} moved), ${driver.seq - seqAtKill} deltas ` +
        `(${driver.goals - goalsAtKill} goals) after the kill, ${driver.seq - Math.min(...startSeq.values())} in all; ` +
        `resubscribed on the survivor p50 ${percentile(resumedMs, 50)} ms, max ${Math.max(...resumedMs)} ms; ` +
        `longest stall without a delta ${Math.max(...stalls)} ms; missing 0, applied twice 0, ` +
        `copies dropped by seq ${redundant}`,
    );
    gateways = [survivor];
    closeViewers();
  });
});
