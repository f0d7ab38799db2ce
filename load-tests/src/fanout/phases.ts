import { sleep } from './children.ts';
import { neighbourCpuPercent, readProcessTicks, waitForQuiet } from './host-cpu.ts';
import {
  wallNow,
  type CpuSample,
  type FleetApi,
  type FleetEvents,
  type RpcClient,
  type ServerApi,
  type ServerEvents,
  type ServerKind,
} from './ipc.ts';
import { disturbed, type PhaseReport } from './report.ts';
import { summarise } from './stats.ts';

/** The measured phases: a fixed-rate open loop and a closed loop, each bracketed by CPU and latency readings. */

export const SERVER_CORE = 0;
export const CLIENT_CORE = 1;
/** A delta every viewer has not received this long after it was published counts as stuck. */
export const DRAIN_TIMEOUT_MS = 15_000;
/** How long a phase waits for a neighbour's burst to pass before measuring anyway. */
const PHASE_QUIET_WAIT_MS = 30_000;

const cpuPercent = (a: CpuSample, b: CpuSample) => (100 * (b.cpuMicros - a.cpuMicros)) / 1000 / (b.at - a.at);

export interface Bench {
  /** Our processes (orchestrator, server, fleet): everything else on the machine is a neighbour. */
  pids: ReadonlySet<number>;
  kind: ServerKind;
  server: RpcClient<ServerApi, ServerEvents>;
  fleet: RpcClient<FleetApi, FleetEvents>;
  publish(seq: number): void;
  /** The last seq published so far (seqs start at 1 for each server). */
  seq: number;
  onComplete: (seq: number) => void;
}

export async function runPhase(
  bench: Bench,
  name: string,
  drive: () => Promise<{ publisherLateMs?: number; stalled?: boolean; scheduleMs?: number }>,
): Promise<PhaseReport> {
  const firstSeq = bench.seq + 1;
  // The machine is shared: let a neighbour's burst pass rather than measure it.
  const quiet = await waitForQuiet(bench.pids, PHASE_QUIET_WAIT_MS);
  const [server0, fleet0] = await Promise.all([
    bench.server.call('cpu', 5_000),
    bench.fleet.call('cpu', 5_000),
  ]);
  await bench.fleet.call('phaseStart', 5_000, name);
  const ticks0 = readProcessTicks();
  const started = wallNow();
  const driven = await drive();
  const lastPublishedAt = wallNow();
  const drain = await bench.fleet.call('waitFor', DRAIN_TIMEOUT_MS + 5_000, bench.seq, DRAIN_TIMEOUT_MS);
  const ticks1 = readProcessTicks();
  const [server1, fleet1] = await Promise.all([
    bench.server.call('cpu', 5_000),
    bench.fleet.call('cpu', 5_000),
  ]);
  const stats = await bench.fleet.call('phaseEnd', 5_000);
  const published = bench.seq - firstSeq + 1;
  // An open loop's rate is per scheduled second: 10 deltas at 1/s span 10 s, not the 9 s between first and last.
  const spanMs = Math.max((stats.lastDeliveryAt ?? lastPublishedAt) - started, driven.scheduleMs ?? 0);
  return {
    name,
    published,
    deliveries: stats.deliveries,
    expectedDeliveries: published * drain.viewers,
    spanMs,
    deltasPerSec: (published * 1000) / spanMs,
    deliveriesPerSec: (stats.deliveries * 1000) / spanMs,
    latencyMs: summarise(stats.latency),
    drainMs: drain.waitedMs,
    drained: drain.holders >= drain.viewers,
    stalled: driven.stalled ?? false,
    publisherLateMs: driven.publisherLateMs ?? 0,
    serverCpuPercent: cpuPercent(server0, server1),
    clientCpuPercent: cpuPercent(fleet0, fleet1),
    serverCpuMicrosPerDelivery: stats.deliveries
      ? (server1.cpuMicros - server0.cpuMicros) / stats.deliveries
      : null,
    attempts: 1,
    quietWaitMs: quiet.waitedMs,
    neighbourCpuPercent: neighbourCpuPercent(ticks0, ticks1, bench.pids, wallNow() - started),
  };
}

/** Open loop: `rate` deltas/s on a fixed schedule for `seconds`, whatever the server does. */
export async function openLoop(bench: Bench, rate: number, seconds: number) {
  const interval = 1000 / rate;
  const count = Math.max(1, Math.round(rate * seconds));
  const start = wallNow();
  let publisherLateMs = 0;
  for (let i = 0; i < count; i++) {
    const due = start + i * interval;
    const wait = due - wallNow();
    if (wait > 0) await sleep(wait);
    publisherLateMs = Math.max(publisherLateMs, wallNow() - due);
    bench.publish(++bench.seq);
  }
  return { publisherLateMs, scheduleMs: count * interval };
}

/**
 * Closed loop: keep `window` deltas in flight, a delta leaving the window when every viewer holds
 * it. The server is never idle and never buried, so the delivery rate is what it sustains.
 */
export function closedLoop(bench: Bench, seconds: number, window: number): Promise<{ stalled: boolean }> {
  return new Promise((resolve) => {
    const end = wallNow() + seconds * 1000;
    const firstSeq = bench.seq + 1;
    let completed = 0;
    let lastProgress = wallNow();
    let done = false;
    const finish = (stalled: boolean) => {
      if (done) return;
      done = true;
      clearInterval(watchdog);
      bench.onComplete = () => undefined;
      resolve({ stalled });
    };
    const pump = () => {
      if (wallNow() >= end) return finish(false);
      while (bench.seq - firstSeq + 1 - completed < window) bench.publish(++bench.seq);
    };
    bench.onComplete = (seq) => {
      if (seq < firstSeq) return;
      completed++;
      lastProgress = wallNow();
      pump();
    };
    const watchdog = setInterval(() => {
      if (wallNow() >= end) finish(false);
      else if (wallNow() - lastProgress > DRAIN_TIMEOUT_MS) finish(true);
    }, 100);
    pump();
  });
}

/**
 * Runs a headline phase again (at most `retries` times) when other processes used more than the
 * threshold of CPU during it, keeping the first undisturbed run, or else the least disturbed one.
 */
export async function runUndisturbed(retries: number, run: () => Promise<PhaseReport>): Promise<PhaseReport> {
  let best = await run();
  let attempts = 1;
  while (disturbed(best) && attempts <= retries) {
    console.log(
      `   ${best.name}: neighbours used ${best.neighbourCpuPercent.toFixed(0)}% of a core, running it again`,
    );
    const again = await run();
    attempts++;
    if (!disturbed(again) || again.neighbourCpuPercent < best.neighbourCpuPercent) best = again;
  }
  return { ...best, attempts };
}
