import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { MatchDeltaSchema } from '@pitchside/shared/domain';
import { ApiFootballProvider } from '../src/providers/api-football/api-football-provider.ts';
import { MatchStore } from '../src/pipeline/match-store.ts';
import { diffMatch } from '../src/pipeline/match-diff.ts';
import { INGEST_QUEUE } from '../src/jobs/poll-jobs.ts';
import { createProcessors } from '../src/jobs/processors.ts';
import { ReferenceStore } from '../src/pipeline/reference-store.ts';
import { createIngestMetrics } from '../src/metrics.ts';
import { createSimulator, type Simulator } from '../src/simulator/index.ts';
import { REDIS_URL, testRedis, type TestRedis } from '../../test/redis.ts';
import { spawnService, type ServiceProcess } from '../../test/faults/child-process.ts';

const INGEST_ENTRY = 'test/faults/ingest-main.ts';
const LOCK_MS = 1500;

/**
 * Sits between ingest and the simulated game API and, when armed, never answers the n-th match-detail
 * request: the job making it is caught half-way, some matches written and the rest not.
 */
class HoldUp {
  private server: Server;
  private seen = 0;
  private holdAt = 0;
  private held: ServerResponse | null = null;
  private onHeld: (() => void) | null = null;

  constructor(private readonly upstream: string) {
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once the n-th detail request from now is being held. */
  holdNth(n: number): Promise<void> {
    this.seen = 0;
    this.holdAt = n;
    return new Promise((resolve) => (this.onHeld = resolve));
  }

  release(): void {
    this.holdAt = 0;
    this.held?.destroy();
    this.held = null;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.upstream);
    if (
      url.pathname === '/fixtures' &&
      url.searchParams.has('id') &&
      this.holdAt > 0 &&
      ++this.seen === this.holdAt
    ) {
      this.held = res;
      this.onHeld?.();
      return;
    }
    const answer = await fetch(new URL(req.url ?? '/', this.upstream));
    const headers = Object.fromEntries(
      [...answer.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length'),
    );
    res.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
  }

  close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Issue 7 §4: an ingest worker killed (SIGKILL) in the middle of a job. BullMQ's lock on the job lapses,
 * another worker takes it up again, and the match store's base check makes the retry write only what the
 * dead worker had not: no event twice, no seq skipped, the state the provider's.
 */
describe('an ingest worker killed mid-job', () => {
  let t: TestRedis;
  let simulator: Simulator;
  let holdUp: HoldUp;
  let queue: Queue;
  const workers: ServiceProcess[] = [];

  beforeAll(async () => {
    t = await testRedis();
    simulator = createSimulator({ timeScale: 0, rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
    await simulator.listen(0);
    holdUp = new HoldUp(simulator.url!);
    const { hostname, port } = new URL(REDIS_URL);
    queue = new Queue(INGEST_QUEUE, {
      connection: { host: hostname, port: Number(port || 6379) },
      prefix: t.keys.queuePrefix(),
    });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill()));
    await queue?.close();
    await holdUp?.close();
    await simulator?.close();
    await t?.cleanup();
  });

  it('the job is retried by another worker and no event is written twice', async () => {
    const provider = new ApiFootballProvider({ baseUrl: simulator.url!, timeoutMs: 5000 });
    const store = new MatchStore(t.redis, t.keys);
    // The live list and the fixtures are in, as poll-live and poll-fixtures write them (the workers below run
    // both once at start and, the clock frozen, find nothing new); poll-details then adds lineups and
    // statistics to each live or imminent match.
    const processors = createProcessors({
      provider,
      matches: store,
      reference: new ReferenceStore(t.redis, t.keys),
      redis: t.redis,
      keys: t.keys,
      metrics: createIngestMetrics(),
      logger: pino({ level: 'silent' }),
      rssUrl: undefined,
      competitions: [],
      fixtureWindowDays: 1,
      timeoutMs: 5000,
      now: () => simulator.clock.nowMs(),
    });
    await processors['poll-live']();
    await processors['poll-fixtures']();
    const ids = await t.redis.smembers(t.keys.liveMatches());
    expect(ids.length).toBeGreaterThanOrEqual(4);

    const apiUrl = await holdUp.listen();
    const held = holdUp.holdNth(3);
    const env = {
      REDIS_URL,
      REDIS_PREFIX: t.prefix,
      GAME_API_BASE_URL: apiUrl,
      POLL_DETAILS_MS: '60000',
      LOCK_MS: String(LOCK_MS),
      SIM_NOW_MS: String(simulator.clock.nowMs()),
    };
    const first = await spawnService(INGEST_ENTRY, env);
    workers.push(first);
    await held;

    // Mid-job: the worker holds the poll-details job and has written details for two live matches of several.
    const [active] = await queue.getActive();
    expect(active?.name).toBe('poll-details');
    const all = await t.redis.zrange(t.keys.matchesByKickoff(), 0, -1);
    const seqs = async () =>
      new Map(await Promise.all(all.map(async (id) => [id, (await store.read(id))!.seq] as const)));
    const atKill = await seqs();
    const writtenBeforeKill = ids.filter((id) => atKill.get(id) === 2);
    expect(writtenBeforeKill).toHaveLength(2);

    const killedAt = Date.now();
    await first.kill();
    holdUp.release();
    const second = await spawnService(INGEST_ENTRY, env);
    workers.push(second);

    // BullMQ notices the dead worker's lock lapse, hands the same job out again, and it completes.
    await expect
      .poll(async () => (await queue.getJob(active!.id!))?.finishedOn ?? null, {
        timeout: 15_000,
        interval: 100,
      })
      .not.toBeNull();
    const retried = (await queue.getJob(active!.id!))!;
    const recoveredMs = retried.finishedOn! - killedAt;
    expect(retried.failedReason ?? null).toBeNull();
    expect(retried.stalledCounter).toBe(1);

    // The retry wrote once each match the dead worker had not reached, and nothing for the two it had.
    const after = await seqs();
    const increase = all.map((id) => after.get(id)! - atKill.get(id)!);
    expect(Math.max(...increase)).toBe(1);
    expect(increase.reduce((a, b) => a + b, 0)).toBe(retried.returnvalue.written);
    for (const id of writtenBeforeKill) expect(after.get(id)).toBe(2);
    expect(retried.returnvalue.written).toBeGreaterThanOrEqual(ids.length - 2);

    for (const id of all) {
      const stream = await t.redis.xrange(t.keys.matchStream(id), '-', '+');
      const deltas = stream.map(([, fields]) => MatchDeltaSchema.parse(JSON.parse(fields[1]!)));
      expect(deltas.map((d) => d.seq)).toEqual(deltas.map((_, i) => i + 1));
      const added = deltas.flatMap((d) =>
        d.changes.flatMap((c) => (c.type === 'event_added' ? [c.event.id] : [])),
      );
      expect(new Set(added).size).toBe(added.length);
      const eventIds = (await store.read(id))!.detail.events.map((e) => e.id);
      expect(new Set(eventIds).size).toBe(eventIds.length);
    }
    // What Redis holds for every live match is exactly what the provider says now.
    for (const id of ids) {
      const stored = (await store.read(id))!;
      expect(diffMatch(stored.detail, (await provider.matchDetail(id))!).changes).toEqual([]);
    }
    const events = (
      await Promise.all(ids.map(async (id) => (await store.read(id))!.detail.events.length))
    ).reduce((a, b) => a + b, 0);
    console.warn(
      `[faults] ingest worker SIGKILL mid-job: poll-details over ${retried.returnvalue.fetched} matches ` +
        `(${ids.length} live, ${events} events), 2 written before the kill, job retried once (lock ${LOCK_MS} ms) ` +
        `and completed ${recoveredMs} ms after the kill, writing the other ${retried.returnvalue.written}; ` +
        `events written twice 0, seqs skipped 0`,
    );
  });
});
