import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { redisKeys, type RedisKeys } from '@pitchside/shared/redis-keys';
import { assertFixturesValid, benchDelta, benchMatchDetail } from './bench-match.ts';
import { onInterrupt, sleep, spawnPinned, stopChild, waitForEvent } from './children.ts';
import { engineIoUrl } from './clients/engineio-client.ts';
import { NEIGHBOUR_THRESHOLD_PERCENT, waitForQuiet } from './host-cpu.ts';
import {
  SERVER_KINDS,
  wallNow,
  type ClientImplementation,
  type FleetApi,
  type FleetEvents,
  type ServerApi,
  type ServerConfig,
  type ServerEvents,
  type ServerKind,
} from './ipc.ts';
import {
  CLIENT_CORE,
  SERVER_CORE,
  closedLoop,
  openLoop,
  runPhase,
  runUndisturbed,
  type Bench,
} from './phases.ts';
import { writeReport, type PhaseReport, type RunReport, type ServerReport } from './report.ts';
import { SERVER_ENV } from './servers/process-env.ts';

/**
 * `npm run bench:fanout`: one hot match's deltas fanned out to N viewers by three servers in turn,
 * each alone on core 0 with the viewers alone on core 1. This process only publishes (one Redis
 * PUBLISH per delta, the same ingress for all three servers) and keeps time.
 */

const USAGE = `npm run bench:fanout -- [--viewers 10000] [--duration 10] [--rates auto|R1,R2,..]
  [--servers bare-ws,socketio-default,pitchside-gateway] [--client raw|ws] [--window 8] [--batch 500] [--redis redis://127.0.0.1:6379]`;

const { values: flags } = parseArgs({
  options: {
    viewers: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '10' },
    rates: { type: 'string', default: 'auto' },
    servers: { type: 'string', default: SERVER_KINDS.join(',') },
    window: { type: 'string', default: '8' },
    client: { type: 'string', default: 'raw' },
    batch: { type: 'string', default: '500' },
    redis: { type: 'string', default: 'redis://127.0.0.1:6379' },
    help: { type: 'boolean', default: false },
  },
});

const positiveInt = (name: string, raw: string | undefined): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--${name} must be a positive integer, got ${raw}\n${USAGE}`);
  return n;
};

const options = {
  viewers: positiveInt('viewers', flags.viewers),
  durationS: positiveInt('duration', flags.duration),
  window: positiveInt('window', flags.window),
  batch: positiveInt('batch', flags.batch),
  redisUrl: flags.redis ?? 'redis://127.0.0.1:6379',
  rates:
    flags.rates === 'auto'
      ? ('auto' as const)
      : (flags.rates ?? '').split(',').map((r) => positiveInt('rates', r.trim())),
  client: ((): ClientImplementation => {
    if (flags.client !== 'raw' && flags.client !== 'ws')
      throw new Error(`--client is raw or ws, got ${flags.client}\n${USAGE}`);
    return flags.client;
  })(),
  servers: (flags.servers ?? '').split(',').map((s) => {
    if (!SERVER_KINDS.includes(s as ServerKind)) throw new Error(`unknown server ${s}\n${USAGE}`);
    return s as ServerKind;
  }),
};

/** How long to wait for a neighbour's work to finish before measuring anyway. */
const QUIET_WAIT_MS = 60_000;
/** The 1/s and saturation phases are rerun this often at most when a neighbour disturbed them. */
const HEADLINE_RETRIES = 2;
const LADDER_STEP_S = Math.max(3, Math.round(options.durationS / 2));
/** The real gateway's seam (`servers/pitchside-gateway.ts` imports it), found by package name; null if absent. */
const GATEWAY_APP = resolvable('@pitchside/gateway/app');
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

function resolvable(specifier: string): string | null {
  try {
    return createRequire(import.meta.url).resolve(specifier);
  } catch {
    return null;
  }
}

async function seedMatch(redis: Redis, keys: RedisKeys, matchId: string, epoch: string): Promise<void> {
  const detail = benchMatchDetail(matchId);
  await redis
    .multi()
    .del(keys.match(matchId), keys.matchStream(matchId))
    .hset(keys.match(matchId), {
      epoch,
      seq: '0',
      detail: JSON.stringify(detail),
      kickoff: String(Date.parse(detail.match.kickoff)),
    })
    .sadd(keys.liveMatches(), matchId)
    .zadd(keys.matchesByKickoff(), Date.parse(detail.match.kickoff), matchId)
    .exec();
}

async function benchServer(
  kind: ServerKind,
  redis: Redis,
  keys: RedisKeys,
  referenceRate: number | null,
): Promise<ServerReport> {
  const matchId = `bench-${kind}`;
  const epoch = randomBytes(6).toString('base64url');
  assertFixturesValid(matchId, epoch);
  await seedMatch(redis, keys, matchId, epoch);
  const config: ServerConfig = { redisUrl: options.redisUrl, prefix: keys.prefix, matchId, epoch };

  console.log(
    `\n== ${kind}: starting server on core ${SERVER_CORE}, ${options.viewers} viewers on core ${CLIENT_CORE}`,
  );
  const quiet = await waitForQuiet(new Set([process.pid]), QUIET_WAIT_MS);
  if (quiet.neighbourPercent > NEIGHBOUR_THRESHOLD_PERCENT) {
    console.log(
      `   still busy after ${Math.round(quiet.waitedMs / 1000)} s: other processes use ${quiet.neighbourPercent.toFixed(0)}% of a core`,
    );
  }
  const server = spawnPinned<ServerApi, ServerEvents>(
    SERVER_CORE,
    here(`./servers/${kind}.ts`),
    [JSON.stringify(config)],
    kind,
    SERVER_ENV[kind],
  );
  const fleet = spawnPinned<FleetApi, FleetEvents>(
    CLIENT_CORE,
    here('./clients/client-fleet.ts'),
    [],
    `${kind} fleet`,
  );
  try {
    const [{ port }] = await Promise.all([
      waitForEvent<{ port: number }>((fn) => server.rpc.on('ready', fn), server.child, kind, 30_000),
      waitForEvent<{ pid: number }>((fn) => fleet.rpc.on('ready', fn), fleet.child, `${kind} fleet`, 30_000),
    ]);
    const channel = keys.matchChannel(matchId);
    const bench: Bench = {
      pids: new Set([process.pid, server.child.pid ?? -1, fleet.child.pid ?? -1]),
      kind,
      server: server.rpc,
      fleet: fleet.rpc,
      seq: 0,
      onComplete: () => undefined,
      publish: (seq) => {
        redis
          .publish(channel, JSON.stringify(benchDelta(matchId, epoch, seq, wallNow())))
          .catch((err: Error) => {
            console.error(`publish ${seq} failed: ${err.message}`);
          });
      },
    };
    fleet.rpc.on('complete', ({ seq }) => bench.onComplete(seq));

    const memoryBefore = await server.rpc.call('memory', 30_000);
    const url = kind === 'bare-ws' ? `ws://127.0.0.1:${port}/` : engineIoUrl(port);
    const batches = Math.ceil(options.viewers / options.batch);
    const connect = await fleet.rpc.call('connect', batches * 35_000, {
      client: options.client,
      protocol: kind === 'bare-ws' ? 'raw' : 'engine.io',
      url,
      viewers: options.viewers,
      batchSize: options.batch,
      matchId,
      batchTimeoutMs: 30_000,
    });
    console.log(
      `   ${connect.connected} connected in ${(connect.elapsedMs / 1000).toFixed(1)} s, ${connect.failed} failed${connect.firstError ? ` (${connect.firstError})` : ''}`,
    );
    if (connect.connected < options.viewers * 0.99)
      throw new Error(`${kind}: only ${connect.connected}/${options.viewers} viewers connected`);
    // Let handshake garbage and timers settle before calling the connections idle.
    await sleep(2_000);
    const memoryAfter = await server.rpc.call('memory', 30_000);

    const steady = await runUndisturbed(HEADLINE_RETRIES, () =>
      runPhase(bench, '1 delta/s', () => openLoop(bench, 1, options.durationS)),
    );
    console.log(
      `   1/s: p50 ${steady.latencyMs.p50?.toFixed(2)} ms, p99 ${steady.latencyMs.p99?.toFixed(2)} ms`,
    );
    const saturation = await runUndisturbed(HEADLINE_RETRIES, () =>
      runPhase(bench, `closed loop, window ${options.window}`, () =>
        closedLoop(bench, options.durationS, options.window),
      ),
    );
    console.log(
      `   saturation: ${saturation.deltasPerSec.toFixed(1)} deltas/s = ${Math.round(saturation.deliveriesPerSec)} deliveries/s ` +
        `(server CPU ${saturation.serverCpuPercent.toFixed(0)}%, clients CPU ${saturation.clientCpuPercent.toFixed(0)}%)`,
    );

    const rates =
      options.rates === 'auto' ? autoRates(referenceRate ?? saturation.deltasPerSec) : options.rates;
    const ladder: PhaseReport[] = [];
    for (const rate of rates) {
      const step = await runPhase(bench, `open loop ${rate}/s`, () => openLoop(bench, rate, LADDER_STEP_S));
      ladder.push(step);
      console.log(
        `   ${rate}/s offered: ${Math.round(step.deliveriesPerSec)} deliveries/s, lag p99 ${step.latencyMs.p99?.toFixed(1)} ms, max ${step.latencyMs.max?.toFixed(1)} ms`,
      );
      if (!step.drained) break; // buried: higher rates would only measure the backlog
    }

    const integrity = await fleet.rpc.call('integrity', 10_000, bench.seq);
    return {
      kind,
      neighbourPercentBeforeStart: quiet.neighbourPercent,
      connect,
      memory: {
        before: memoryBefore,
        after: memoryAfter,
        heapPerConnection: (memoryAfter.heapUsed - memoryBefore.heapUsed) / connect.connected,
        rssPerConnection: (memoryAfter.rss - memoryBefore.rss) / connect.connected,
      },
      steady,
      saturation,
      ladder,
      integrity,
      published: bench.seq,
    };
  } finally {
    await stopChild(fleet.child, () => fleet.rpc.call('stop', 5_000));
    await stopChild(server.child, () => server.rpc.call('stop', 10_000));
  }
}

/** Offered rates for the open-loop ladder: a quarter, half and all of the first server's saturation rate. */
function autoRates(reference: number): number[] {
  // Two significant figures at most, whole numbers: 10.8 -> 3, 5, 11.
  const round = (x: number) => Math.max(1, Number(x.toPrecision(x < 10 ? 1 : 2)));
  return [...new Set([0.25, 0.5, 1].map((f) => Math.round(round(reference * f))))];
}

async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  for (let round = 0; round < 10_000; round++) {
    const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    if (found.length) await redis.del(...found);
    cursor = next;
    if (cursor === '0') return;
  }
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const keys = redisKeys(`bench-fanout-${randomBytes(4).toString('hex')}:`);
  const redis = new Redis(options.redisUrl, {
    connectionName: 'bench-fanout-publisher',
    maxRetriesPerRequest: null,
  });
  redis.on('error', (err) => console.error(`redis: ${err.message}`));
  onInterrupt(() => deletePrefix(redis, keys.prefix));
  const startedAt = new Date();
  const servers: ServerReport[] = [];
  const skipped: { kind: ServerKind; reason: string }[] = [];
  try {
    let referenceRate: number | null = null;
    for (const kind of options.servers) {
      if (kind === 'pitchside-gateway' && !GATEWAY_APP) {
        skipped.push({ kind, reason: '@pitchside/gateway/app cannot be found' });
        console.log(`\n== ${kind}: skipped, @pitchside/gateway/app cannot be found`);
        continue;
      }
      const report = await benchServer(kind, redis, keys, referenceRate);
      referenceRate ??= report.saturation.deltasPerSec;
      servers.push(report);
    }
  } finally {
    await deletePrefix(redis, keys.prefix).catch(() => undefined);
    redis.disconnect();
  }
  const run: RunReport = {
    startedAt: startedAt.toISOString(),
    command: ['npm run bench:fanout --', ...process.argv.slice(2)].join(' '),
    options: { ...options, ladderStepS: LADDER_STEP_S, serverCore: SERVER_CORE, clientCore: CLIENT_CORE },
    servers,
    skipped,
  };
  const { json, markdown, table } = await writeReport(run);
  console.log(`\n${table}\nresults: ${json}\nmarkdown: ${markdown}`);
}

// The whole run is bounded: ramp, phases and drains each have their own timeouts, and this is the backstop.
const deadline = setTimeout(
  () => {
    console.error('bench:fanout: overall deadline passed, giving up');
    process.exit(2);
  },
  // Per server: the ramp's batch timeouts, up to 3 runs of each headline phase plus the steps,
  // and for every phase a quiet wait and a drain timeout.
  options.servers.length *
    (Math.ceil(options.viewers / options.batch) * 35_000 +
      options.durationS * 20_000 +
      12 * 50_000 +
      120_000),
);
deadline.unref();

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
