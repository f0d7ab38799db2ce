/**
 * `npm run bench:hostile`: honest viewers of a live match, measured while the gateway is quiet, then while one
 * address attacks it (load-tests/src/hostile/attacker.ts, a process of its own: four sockets flooding requests
 * they never read, and a storm of a few thousand WebSocket handshakes), then after. The gateway is the real one
 * (createApp, as the fan-out benchmark starts it) behind a trusted loopback proxy: each honest viewer has its own
 * address, the attacker one. Ingest's MatchStore writes a delta every 100 ms, as a live match's polls would.
 *
 * Judged (issue 17 §1): the honest viewers' publish-to-apply p99 under attack within 2x the quiet run's, the
 * health probe's p99 under 100 ms, and not one delta missed, repeated or reordered.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import type { MatchDelta } from '@pitchside/shared/domain';
import { liveMatch } from '@pitchside/shared/testing';
import { redisKeys } from '@pitchside/shared/redis-keys';
import type { ClientToServerEvents, ServerToClientEvents } from '@pitchside/shared/protocol';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { harnessEnv } from '../config/env.ts';
import { onInterrupt, sleep, spawnPinned, stopChild, waitForEvent } from '../fanout/children.ts';
import type { ServerApi, ServerConfig, ServerEvents } from '../fanout/ipc.ts';

const { values: flags } = parseArgs({
  options: {
    viewers: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '20' },
    flooders: { type: 'string', default: '4' },
    connections: { type: 'string', default: '3000' },
    retry: { type: 'string', default: '100' },
    redis: { type: 'string', default: harnessEnv.redisUrl },
  },
});
const VIEWERS = Number(flags.viewers);
const PHASE_S = Number(flags.seconds);
const TICK_MS = 100;
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Honest {
  socket: Client;
  seqs: number[];
  /** Publish (ingest's `at`) to receipt, ms, with the phase it fell in. */
  lags: { phase: Phase; ms: number }[];
}
type Phase = 'quiet' | 'attack' | 'after';

const prefix = `bench:hostile:${process.pid}:`;
const keys = redisKeys(prefix);
const redis = new Redis(flags.redis);
const store = new MatchStore(redis, keys);
const cleanup = async () => {
  const found = await redis.keys(`${prefix}*`);
  if (found.length) await redis.unlink(...found);
};
onInterrupt(cleanup);

let tick = 0;
const write = () =>
  store.ingest({ match: liveMatch(Math.floor(tick / 50), 0, 1 + (tick++ % 89)), events: [] });
await write();
const matchId = liveMatch(0, 0, 1).id;

const config: ServerConfig = {
  redisUrl: flags.redis,
  prefix,
  matchId,
  epoch: 'unused',
  trustProxy: 'loopback',
};
const server = spawnPinned<ServerApi, ServerEvents>(
  0,
  here('../fanout/servers/pitchside-gateway.ts'),
  [JSON.stringify(config)],
  'gateway',
  { MALLOC_ARENA_MAX: '2' },
);
const { port } = await waitForEvent<{ port: number }>(
  (fn) => server.rpc.on('ready', fn),
  server.child,
  'gateway',
  30_000,
);
const url = `http://127.0.0.1:${port}`;

let phase: Phase = 'quiet';
const honest: Honest[] = [];
for (let i = 0; i < VIEWERS; i++) {
  const socket: Client = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: { 'x-forwarded-for': `198.51.100.${i + 1}` },
  });
  const viewer: Honest = { socket, seqs: [], lags: [] };
  socket.on('match:updated', (delta: MatchDelta) => {
    viewer.seqs.push(delta.seq);
    viewer.lags.push({ phase, ms: Date.now() - delta.at });
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await socket.timeout(5000).emitWithAck('match:subscribe', { matchId });
  honest.push(viewer);
}

const health: { phase: Phase; ms: number; ok: boolean }[] = [];
let running = true;
const driving = (async () => {
  while (running) {
    await write();
    await sleep(TICK_MS);
  }
})();
const probing = (async () => {
  while (running) {
    const started = performance.now();
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    health.push({ phase, ms: performance.now() - started, ok });
    await sleep(50);
  }
})();

const attackerOut: string[] = [];
await sleep(PHASE_S * 1000);
phase = 'attack';
// On core 1 with this process and the viewers: core 0 is the gateway's alone, as in bench:fanout.
const attacker = spawn(
  'taskset',
  [
    '-c',
    '1',
    process.execPath,
    '--import',
    import.meta.resolve('tsx'),
    here('./attacker.ts'),
    JSON.stringify({
      port,
      address: '203.0.113.66',
      matchId,
      flooders: Number(flags.flooders),
      connections: Number(flags.connections),
      retry: Number(flags.retry),
      seconds: PHASE_S,
    }),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
attacker.stdout.on('data', (chunk: Buffer) => attackerOut.push(chunk.toString()));
await new Promise((resolve) => attacker.once('exit', resolve));
phase = 'after';
await sleep(Math.min(10, PHASE_S) * 1000);
running = false;
await Promise.all([driving, probing]);
await sleep(500);

const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const lagsIn = (p: Phase) => honest.flatMap((v) => v.lags.filter((l) => l.phase === p).map((l) => l.ms));
const healthIn = (p: Phase) => health.filter((h) => h.phase === p);
const broken = honest.filter((v) => v.seqs.some((s, i) => i > 0 && s !== v.seqs[i - 1]! + 1)).length;
const disconnected = honest.filter((v) => !v.socket.connected).length;
const attack = JSON.parse(attackerOut.join('').trim() || '{}') as Record<string, unknown>;

console.log(
  `\nbench:hostile: ${VIEWERS} honest viewers, a delta every ${TICK_MS} ms, ${PHASE_S} s per phase; ` +
    `attacker from one address: ${flags.flooders} never-reading flooders, ${flags.connections} handshakes at once, ` +
    `${flags.retry} refused ones again every second`,
);
console.log(
  '| phase  | deltas applied | publish-to-apply p50 | p99 | max | /api/health p50 | p99 | failed |',
);
console.log(
  '| ------ | -------------- | -------------------- | --- | --- | --------------- | --- | ------ |',
);
for (const p of ['quiet', 'attack', 'after'] as const) {
  const lags = lagsIn(p);
  const probes = healthIn(p);
  const ms = probes.map((h) => h.ms);
  console.log(
    `| ${p.padEnd(6)} | ${String(lags.length).padStart(14)} | ${pct(lags, 50)} ms | ${pct(lags, 99)} ms | ` +
      `${pct(lags, 100)} ms | ${pct(ms, 50).toFixed(1)} ms | ${pct(ms, 99).toFixed(1)} ms | ${probes.filter((h) => !h.ok).length} |`,
  );
}
console.log(`attacker: ${JSON.stringify(attack)}`);
const quiet99 = pct(lagsIn('quiet'), 99);
const attack99 = pct(lagsIn('attack'), 99);
const health99 = pct(
  healthIn('attack').map((h) => h.ms),
  99,
);
const verdicts = [
  [
    `honest p99 under attack ${attack99} ms within 2x quiet ${quiet99} ms`,
    attack99 <= 2 * Math.max(quiet99, 1),
  ],
  [`/api/health p99 under attack ${health99.toFixed(1)} ms < 100 ms`, health99 < 100],
  [`viewers with a missed, repeated or reordered delta: ${broken}`, broken === 0],
  [`honest viewers disconnected: ${disconnected}`, disconnected === 0],
] as const;
for (const [what, ok] of verdicts) console.log(`${ok ? 'PASS' : 'FAIL'} ${what}`);

for (const v of honest) v.socket.disconnect();
await stopChild(server.child, () => server.rpc.call('stop', 10_000));
await cleanup();
await redis.quit();
process.exit(verdicts.every(([, ok]) => ok) ? 0 : 1);
