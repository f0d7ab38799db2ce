import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { diffMatch } from '../src/pipeline/match-diff.ts';
import { startIngest, type IngestHandle } from '../src/ingest-worker.ts';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import { createApp, type App } from '@pitchside/gateway/app';
import { IngestFreshness } from '@pitchside/gateway/read-model/ingest-freshness';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { sample } from '@pitchside/test-support/faults/prometheus-text';

type Fault = 'slow' | 'http-500' | 'rate-limited' | 'not-json' | 'wrong-shape' | 'truncated' | 'api-errors';
const TIMEOUT_MS = 400;
const POLL_LIVE_MS = 300;
const POLL_DETAILS_MS = 1000;
const RETRY_AFTER_S = 2;
/** The gateway says "delayed" this long after the last good live poll (20 s in production). */
const DELAYED_AFTER_MS = 1500;
const FAULT_MS = 2200;

/** Between ingest and the simulated game API: passes requests through, or fails them the way it is told. */
class FaultyUpstream {
  fault: Fault | null = null;
  readonly calls: { at: number; fault: Fault | null }[] = [];
  private readonly server: Server;
  private readonly held = new Set<ServerResponse>();

  constructor(private readonly upstream: string) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  callsBetween(from: number, to: number): number[] {
    return this.calls.filter((c) => c.at >= from && c.at < to).map((c) => c.at);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const fault = this.fault;
    this.calls.push({ at: Date.now(), fault });
    const json = (status: number, body: string, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
    };
    switch (fault) {
      case 'slow':
        // Answers, but long after ingest's timeout: the answer must not be written late either.
        this.held.add(res);
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 3));
        this.held.delete(res);
        break;
      case 'http-500':
        return json(500, '{"message":"internal error"}');
      case 'rate-limited':
        return json(429, '{"message":"Too many requests"}', { 'retry-after': String(RETRY_AFTER_S) });
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
        return;
      case 'wrong-shape':
        return json(200, '{"get":"fixtures","response":[{"fixture":"???","teams":null}],"results":1}');
      case 'api-errors':
        return json(
          200,
          '{"get":"fixtures","parameters":[],"errors":{"token":"Error/Missing application key"},"results":0,"response":[]}',
        );
      default:
    }
    if (res.destroyed) return;
    const answer = await fetch(new URL(req.url ?? '/', this.upstream));
    let body = Buffer.from(await answer.arrayBuffer());
    if (fault === 'truncated') body = body.subarray(0, Math.floor(body.length / 2));
    const headers = Object.fromEntries(
      [...answer.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'),
    );
    if (!res.destroyed) res.writeHead(answer.status, headers).end(body);
  }

  async close(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Issue 7 §4: the provider slow, failing (5xx, 429, timeouts) or sending garbage. Ingest (the real worker, its
 * BullMQ schedules and retries) polls the simulated game API through FaultyUpstream; a real gateway serves
 * what Redis holds. For each fault: no match is written at all (not a partial one), the upstream is called no
 * faster than when healthy (after a 429 not at all until Retry-After), the gateway keeps answering with the
 * last good state and its status says live scores are delayed; when the provider recovers, ingest catches up
 * with what happened meanwhile by itself.
 */
describe('a failing provider', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let upstream: FaultyUpstream;
  let ingest: IngestHandle;
  let gateway: App;
  let gatewayUrl: string;
  let store: MatchStore;
  let freshness: IngestFreshness;
  let live: string[] = [];

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, rateLimitPerMinute: 60_000, requestsPerDay: 10_000_000 });
    await simulator.listen(0);
    upstream = new FaultyUpstream(simulator.url!);
    const apiUrl = await upstream.listen();
    const hour = 3_600_000;
    ingest = await startIngest(
      {
        redis: t.connect(),
        connection: t.connect({ maxRetriesPerRequest: null }),
        keys: t.keys,
        provider: new ApiFootballProvider({ baseUrl: apiUrl, timeoutMs: TIMEOUT_MS }),
        logger: pino({ level: 'silent' }),
      },
      {
        intervals: {
          'poll-live': POLL_LIVE_MS,
          'poll-details': POLL_DETAILS_MS,
          'poll-fixtures': hour,
          'poll-standings': hour,
          'poll-teams': hour,
          'poll-squads': hour,
          'poll-news': hour,
        },
        timeoutMs: TIMEOUT_MS,
        concurrency: 1,
        now: () => simulator.clock.nowMs(),
      },
    );
    gateway = await createApp({ redis: t.connect(), subscriber: t.connect(), keys: t.keys });
    await new Promise<void>((resolve) => gateway.httpServer.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.httpServer.address() as AddressInfo).port}`;
    store = new MatchStore(t.redis, t.keys);
    freshness = new IngestFreshness(t.redis, t.keys, { delayedAfterMs: DELAYED_AFTER_MS });
  }, 60_000);
  afterAll(async () => {
    await ingest?.close();
    await gateway?.close();
    await upstream?.close();
    await simulator?.close();
    await t?.cleanup();
  });

  /** What Redis holds for each live match: seq, the whole detail, the stream's length. */
  const snapshot = async () =>
    new Map(
      await Promise.all(
        live.map(async (id) => {
          const stored = await store.read(id);
          const streamLength = await t.redis.xlen(t.keys.matchStream(id));
          const detail = createHash('sha1').update(JSON.stringify(stored?.detail)).digest('hex');
          return [id, `seq ${stored?.seq}, stream ${streamLength}, detail ${detail}`] as const;
        }),
      ),
    );
  /** Every live match as the provider has it now equals what Redis holds. */
  const caughtUp = async () => {
    const provider = new ApiFootballProvider({ baseUrl: simulator.url!, timeoutMs: 5000 });
    for (const id of live) {
      const stored = await store.read(id);
      const now = await provider.matchDetail(id);
      if (!stored || !now || diffMatch(stored.detail, now).changes.length > 0) return false;
    }
    return true;
  };

  it('keeps the last good state through each fault, says it is delayed, and catches up after', async () => {
    await expect
      .poll(async () => (live = await t.redis.smembers(t.keys.liveMatches())).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(caughtUp, { timeout: 15_000, interval: 200 }).toBe(true);

    // The healthy call rate, the budget a failing provider must not be called above.
    const healthyFrom = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const healthyRate = upstream.callsBetween(healthyFrom, Date.now()).length / 2;

    const rows: string[] = [];
    const faults: Fault[] = [
      'slow',
      'http-500',
      'rate-limited',
      'not-json',
      'wrong-shape',
      'truncated',
      'api-errors',
    ];
    for (const fault of faults) {
      // The matches live now (some finish over the faults, others kick off).
      live = await t.redis.smembers(t.keys.liveMatches());
      expect(live.length).toBeGreaterThan(0);
      // The provider fails; requests already past it finish first (within ingest's timeout).
      upstream.fault = fault;
      await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 100));
      const before = await snapshot();
      const errorsBefore = await ingest.metrics.registry.metrics();
      const probeId = live[0]!;
      const servedBefore = (
        (await (await fetch(`${gatewayUrl}/api/matches/${probeId}`)).json()) as {
          data: { seq: number };
        }
      ).data.seq;

      // Meanwhile the matches move on (three simulated minutes: the clock of every match in play at least): there is
      // something to write, and nothing may be written.
      const from = Date.now();
      simulator.clock.advance(3 * 60_000);
      await new Promise((resolve) => setTimeout(resolve, FAULT_MS));
      const status = await freshness.live();
      const served = await fetch(`${gatewayUrl}/api/matches/${probeId}`);
      const servedSeq = ((await served.json()) as { data: { seq: number } }).data.seq;
      const liveList = await fetch(`${gatewayUrl}/api/matches/live`);
      const to = Date.now();
      const after = await snapshot();
      upstream.fault = null;

      expect(after, `${fault}: nothing written`).toEqual(before);
      expect(served.status).toBe(200);
      expect(servedSeq).toBe(servedBefore);
      expect(liveList.status).toBe(200);
      expect(status.delayed, `${fault}: delayed`).toBe(true);

      const calls = upstream.callsBetween(from, to);
      const rate = calls.length / ((to - from) / 1000);
      expect(rate, `${fault}: calls/s`).toBeLessThanOrEqual(healthyRate * 1.2);
      if (fault === 'rate-limited') {
        // After the 429 the whole queue waits for Retry-After before it calls again.
        const gaps = calls.slice(1).map((at, i) => at - calls[i]!);
        expect(calls.length).toBeLessThanOrEqual(2);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 100);
      }
      const errorsAfter = await ingest.metrics.registry.metrics();
      const code = {
        slow: 'ingest:upstream-timeout',
        'http-500': 'ingest:upstream-http',
        'rate-limited': 'ingest:upstream-rate-limited',
        'not-json': 'ingest:upstream-schema',
        'wrong-shape': 'ingest:upstream-schema',
        truncated: 'ingest:upstream-schema',
        'api-errors': 'ingest:upstream-errors',
      }[fault];
      const counted = (text: string) => sample(text, 'ingest_upstream_errors_total', { code }) ?? 0;
      expect(counted(errorsAfter), `${fault}: ${code} counted`).toBeGreaterThan(counted(errorsBefore));

      // Recovered: ingest writes what happened meanwhile, and the site is no longer delayed.
      const recoveredFrom = Date.now();
      await expect.poll(caughtUp, { timeout: 15_000, interval: 100 }).toBe(true);
      await expect.poll(async () => (await freshness.live()).delayed, { timeout: 5_000 }).toBe(false);
      const recoveredMs = Date.now() - recoveredFrom;
      const resumed = await snapshot();
      // There was something to write during the fault (so "nothing written" above means something).
      const changed = live.filter((id) => resumed.get(id) !== before.get(id)).length;
      expect(changed).toBeGreaterThan(0); // a match at half-time stands still
      rows.push(
        `${fault}: ${calls.length} calls in ${to - from} ms (${rate.toFixed(1)}/s vs ${healthyRate.toFixed(1)}/s healthy), ` +
          `0 writes (${changed} live matches changed meanwhile), served seq ${servedSeq} throughout, delayed after ${DELAYED_AFTER_MS} ms (age ${status.ageSeconds} s), caught up ${recoveredMs} ms after recovery`,
      );
    }
    console.warn(`[faults] provider faults, each while the live matches played on:\n  ${rows.join('\n  ')}`);
  }, 120_000);
});
