import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { REDIS_URL, testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected } from '@pitchside/test-support/gateway';
import { spawnService, type ServiceProcess } from '@pitchside/test-support/faults/child-process';
import { FailoverProxy } from '@pitchside/test-support/faults/failover-proxy';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { sample, scrape } from '@pitchside/test-support/faults/prometheus-text';
import { contiguous, longestStall, percentile, Viewer } from '@pitchside/test-support/faults/viewer';
import type { DrainReport } from '../src/socket/drain.ts';

const GATEWAY_ENTRY = 'test/faults/gateway-main.ts';
const VIEWERS_PER_GATEWAY = 10;
const DRAIN_SPREAD_MS = 1000;

/**
 * Issue 7 §3: a gateway stopped on purpose (SIGTERM, as Kubernetes or `npm run start:cluster` stop one) drains
 * (gateway/src/socket/drain.ts): it stops accepting, sends `server:draining`, closes its viewers' connections
 * over a second with a server disconnect, and exits. Its viewers reconnect through the balancer to the other
 * gateway, as the website's client does after a server disconnect (web/src/features/live/api/live-connection.ts:
 * reconnect after a full-jitter delay, resubscribe with `since`), and miss nothing.
 */
describe('a gateway drained on SIGTERM', () => {
  let t: TestRedis;
  let driver: MatchDriver;
  let gateways: ServiceProcess[] = [];
  const viewers: Viewer[] = [];
  let proxy: FailoverProxy | null = null;

  beforeAll(async () => {
    t = await testRedis();
    driver = new MatchDriver(new MatchStore(t.redis, t.keys));
    await driver.tick();
    gateways = await Promise.all(
      [0, 1].map(() =>
        spawnService(GATEWAY_ENTRY, {
          REDIS_URL,
          REDIS_PREFIX: t.prefix,
          PORT: '0',
          DRAIN_SPREAD_MS: String(DRAIN_SPREAD_MS),
          DRAIN_TIMEOUT_MS: '5000',
        }),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    for (const v of viewers.splice(0)) v.close();
    await proxy?.close();
    await Promise.all(gateways.map((g) => g.kill()));
    await t?.cleanup();
  });

  /** A viewer whose socket behaves as the website's after a server disconnect. */
  const watch = async (url: string) => {
    const socket = connectClient(url);
    await connected(socket);
    const viewer = new Viewer(socket, driver.matchId);
    viewers.push(viewer);
    let notices = 0;
    socket.on('server:draining', () => notices++);
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') setTimeout(() => socket.connect(), Math.random() * 1000);
    });
    // socket.io's manager fires 'reconnect' only for its own retries; a connect we asked for is 'connect'
    // (registered after the first one, so every call here is a reconnect).
    socket.on('connect', () => void viewer.subscribe());
    await viewer.subscribe();
    return { viewer, notices: () => notices };
  };

  it('its viewers resume on the other gateway: no gap, no duplicate, no snapshot', async () => {
    const ports = gateways.map((g) => g.ready.port as number);
    proxy = new FailoverProxy(ports);
    const url = await proxy.listen();
    const all = await Promise.all(Array.from({ length: 2 * VIEWERS_PER_GATEWAY }, () => watch(url)));
    const startSeq = new Map(all.map(({ viewer }) => [viewer, viewer.position!.seq]));
    expect([...proxy.routed.values()]).toEqual([VIEWERS_PER_GATEWAY, VIEWERS_PER_GATEWAY]);

    const stopPlaying = driver.play();
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const [victim, survivor] = gateways as [ServiceProcess, ServiceProcess];
    let drained: DrainReport | null = null;
    victim.child.stdout!.on('data', (chunk: Buffer) => {
      const line = chunk
        .toString()
        .split('\n')
        .find((l) => l.startsWith('{"drained"'));
      if (line) drained = (JSON.parse(line) as { drained: DrainReport }).drained;
    });
    const termAt = Date.now();
    const seqAtTerm = driver.seq;
    const goalsAtTerm = driver.goals;
    victim.child.kill('SIGTERM');
    const exitCode = await victim.exited;
    const exitedMs = Date.now() - termAt;
    expect(exitCode).toBe(0);
    expect(drained).toMatchObject({ sockets: VIEWERS_PER_GATEWAY, forced: 0 });

    const moved = all.filter(({ viewer }) => viewer.disconnects > 0);
    expect(moved).toHaveLength(VIEWERS_PER_GATEWAY);
    for (const m of moved) expect(m.notices()).toBe(1);
    await expect
      .poll(() => moved.every(({ viewer }) => viewer.lastSubscribedAt > termAt), { timeout: 10_000 })
      .toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopPlaying();
    await expect
      .poll(() => all.every(({ viewer }) => viewer.position?.seq === driver.seq), { timeout: 10_000 })
      .toBe(true);

    const stored = await new MatchStore(t.redis, t.keys).read(driver.matchId);
    for (const { viewer } of all) {
      expect(contiguous(viewer.seqs(), startSeq.get(viewer)!, driver.seq)).toBe(true);
      expect(viewer.resyncs).toBe(0);
      expect(viewer.snapshots).toBe(1);
      expect(viewer.detail).toEqual(stored?.detail);
    }
    const text = await scrape(`http://127.0.0.1:${survivor.ready.port}/metrics`);
    expect(sample(text, 'gateway_sockets')).toBe(2 * VIEWERS_PER_GATEWAY);

    const resumedMs = moved.map(({ viewer }) => viewer.lastSubscribedAt - termAt);
    // From its own disconnect: the website's jitter (up to 1 s) plus the reconnect and the resubscription.
    const awayMs = moved.map(({ viewer }) => viewer.lastSubscribedAt - viewer.lastDisconnectAt);
    const stalls = moved.map(({ viewer }) => longestStall(viewer, termAt - 1000));
    const redundant = all.reduce((n, { viewer }) => n + viewer.redundant + viewer.overlap, 0);
    console.warn(
      `[faults] gateway SIGTERM (drain over ${DRAIN_SPREAD_MS} ms): ${all.length} viewers (${moved.length} moved), ` +
        `${driver.seq - seqAtTerm} deltas (${driver.goals - goalsAtTerm} goals) after SIGTERM; drained ` +
        `${drained!.sockets} sockets in ${drained!.tookMs} ms (forced ${drained!.forced}), process exited after ` +
        `${exitedMs} ms; resubscribed on the survivor p50 ${percentile(resumedMs, 50)} ms, max ` +
        `${Math.max(...resumedMs)} ms after SIGTERM (disconnect to resubscribed p50 ${percentile(awayMs, 50)} ms, ` +
        `max ${Math.max(...awayMs)} ms); longest stall without a delta ${Math.max(...stalls)} ms; missing 0, ` +
        `applied twice 0, copies dropped by seq ${redundant}`,
    );
    gateways = [survivor];
  });
});
