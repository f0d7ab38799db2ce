import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { QUEUE_NAMES } from '@pitchside/shared/constants';
import { createSimulator, type Simulator } from '@pitchside/simulator';
import {
  logLineReady,
  spawnService,
  type ServiceProcess,
} from '@pitchside/test-support/faults/child-process';
import { freePort } from '@pitchside/test-support/faults/redis-server';
import { REDIS_URL } from '@pitchside/test-support/redis';

/**
 * Two whole deployments on one Redis, each in its own database (REDIS_URL's index): the real ingest (on a
 * simulated game API of its own) and the real gateway of each, as `npm start` runs them. Each
 * stack's keys and BullMQ queues must live in its own database and nowhere else, and each gateway must serve
 * its own stack's matches. Ingest's BullMQ connection used to drop the index, so its queues went to
 * database 0. Each stack has a key prefix of this run's own, so a key found anywhere names its stack.
 */
const base = new URL(REDIS_URL);
const urlFor = (db: number) => {
  const url = new URL(base.href);
  url.pathname = `/${db}`;
  return url.href;
};
const STACKS = [
  { db: 3, keys: redisKeys(`test-${randomUUID()}:`) },
  { db: 4, keys: redisKeys(`test-${randomUUID()}:`) },
];
// Every other database of a default Redis (16): a stack's key must not appear in any of them.
const ALL_DBS = Array.from({ length: 16 }, (_, i) => i);

interface RunningStack {
  db: number;
  gatewayUrl: string;
  processes: ServiceProcess[];
  dataDir: string;
}

describe('two stacks on one Redis under different database indexes', () => {
  const stacks: RunningStack[] = [];
  const simulators: Simulator[] = [];
  const probes = new Map<number, Redis>();
  const probe = (db: number) => {
    let client = probes.get(db);
    if (!client) probes.set(db, (client = new Redis(urlFor(db))));
    return client;
  };
  const keysIn = async (db: number, prefix: string): Promise<string[]> => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await probe(db).scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  };

  beforeAll(async () => {
    // Both stacks start at once; a process is tracked as soon as it runs, so afterAll stops it whatever fails.
    await Promise.all(
      STACKS.map(async ({ db, keys }, i) => {
        // The simulated game API each stack reads, as `npm start` runs it beside the services.
        const simulator = createSimulator({ rateLimitPerMinute: 6000, requestsPerDay: 1_000_000 });
        simulators.push(simulator);
        const { url: simulatorUrl } = await simulator.listen(0);
        const [metricsPort, gatewayPort] = [await freePort(), await freePort()];
        const stack: RunningStack = {
          db,
          gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
          processes: [],
          dataDir: mkdtempSync(path.join(tmpdir(), `pitchside-db${db}-`)),
        };
        stacks[i] = stack;
        const common = {
          REDIS_URL: urlFor(db),
          REDIS_PREFIX: keys.prefix,
          GAME_API_BASE_URL: simulatorUrl,
          STREAMS_API_URL: simulatorUrl,
          LOG_LEVEL: 'info',
        };
        stack.processes.push(
          await spawnService(
            'ingest/src/index.ts',
            { ...common, METRICS_PORT: String(metricsPort), POLL_LIVE_MS: '500' },
            150_000,
            logLineReady('ingest polling'),
          ),
        );
        stack.processes.push(
          await spawnService(
            'gateway/src/index.ts',
            {
              ...common,
              PORT: String(gatewayPort),
              // The embedded database in a folder of the test's own; no website: the API is what is asked.
              DATA_DIR: stack.dataDir,
              DATABASE_URL: '',
              WEB_DIST: path.join(stack.dataDir, 'no-web-build'),
              PAGE_RENDER_THREADS: '0',
            },
            150_000,
            logLineReady('gateway listening'),
          ),
        );
      }),
    );
  }, 320_000);

  afterAll(async () => {
    await Promise.all(stacks.flatMap((s) => s.processes.map((p) => p.stop())));
    await Promise.all(simulators.map((s) => s.close()));
    for (const db of ALL_DBS)
      for (const { keys } of STACKS) {
        const found = await keysIn(db, keys.prefix);
        if (found.length > 0) await probe(db).unlink(...found);
      }
    await Promise.all([...probes.values()].map((c) => c.quit()));
    for (const s of stacks) rmSync(s.dataDir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("keeps each stack's keys and BullMQ queues in its own database, and each gateway serves its own matches", async () => {
    for (const [i, { db, keys }] of STACKS.entries()) {
      // Ingest has written the live matches its simulator plays...
      await expect.poll(() => probe(db).scard(keys.liveMatches()), { timeout: 30_000 }).toBeGreaterThan(0);
      const res = await fetch(`${stacks[i]!.gatewayUrl}/api/matches/live`);
      expect(res.status).toBe(200);
      const ids = ((await res.json()) as { data: { match: { id: string } }[] }).data.map((e) => e.match.id);
      expect(ids.length).toBeGreaterThan(0);
      // ...and the gateway serves those: every match it answers with is stored in its own database.
      for (const id of ids)
        expect({ id, stored: await probe(db).exists(keys.match(id)) }).toEqual({ id, stored: 1 });
    }
    for (const { db, keys } of STACKS) {
      const own = await keysIn(db, keys.prefix);
      const queuePrefix = `${keys.queuePrefix()}:`;
      // Ingest's queue (its job schedulers) and the gateway's reconcile queue live in the stack's database...
      expect(own.some((k) => k.startsWith(`${queuePrefix}${QUEUE_NAMES.ingest}:`))).toBe(true);
      expect(own.some((k) => k.startsWith(`${queuePrefix}${QUEUE_NAMES.paymentsReconcile}:`))).toBe(true);
      expect(own).toContain(keys.liveMatches());
      // ...and no key of the stack is in any other database: not 0, not the other stack's, none.
      for (const other of ALL_DBS.filter((d) => d !== db))
        expect({ db: other, keys: await keysIn(other, keys.prefix) }).toEqual({ db: other, keys: [] });
    }
  }, 90_000);
});
