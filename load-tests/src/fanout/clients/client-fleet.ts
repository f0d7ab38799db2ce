import { MatchDeltaSchema } from '@pitchside/shared/domain';
import {
  emitEvent,
  serveRpc,
  wallNow,
  type ConnectParams,
  type FleetApi,
  type FleetEvents,
  type IntegrityReport,
  type PhaseStats,
} from '../ipc.ts';
import { Histogram } from '../stats.ts';
import type { DeltaFields } from './delta-fields.ts';
import { connectViewer, type ReadyViewer, type ViewerHandlers } from './engineio-client.ts';

/**
 * The child process holding every viewer (pinned to its own core by main.ts). It checks each
 * viewer's seq (gaps, duplicates), records publish-to-receive latency from the delta's `at`, and
 * tells the orchestrator when every viewer holds a seq, which is what the closed loop runs on.
 */

interface Viewer {
  lastSeq: number;
  gaps: number;
  duplicates: number;
  lost: boolean;
  handle: ReadyViewer | null;
}

interface Phase {
  name: string;
  latency: Histogram;
  deliveries: number;
  first: number | null;
  last: number | null;
}

const viewers: Viewer[] = [];
let alive = 0;
let disconnects = 0;
let invalidPayloads = 0;
/** holders[seq]: how many viewers have received `seq`. */
let holders = new Uint32Array(4096);
let phase: Phase | null = null;
const waiters = new Map<number, (() => void)[]>();

function holdersOf(seq: number): number {
  return holders[seq] ?? 0;
}

function markComplete(seq: number): void {
  emitEvent<FleetEvents, 'complete'>('complete', { seq, at: wallNow() });
  for (const wake of waiters.get(seq) ?? []) wake();
  waiters.delete(seq);
}

/** Full check of the first copy of each seq: a valid MatchDelta, and the fast reader agrees with it. */
function validDelta(json: string, { seq, at }: DeltaFields): boolean {
  try {
    const parsed = MatchDeltaSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.seq === seq && parsed.data.at === at;
  } catch {
    return false;
  }
}

/** Returns true for the first copy of a seq: its payload then gets validated in full (onPayload). */
function onDelta(viewer: Viewer, fields: DeltaFields, receivedAt: number): boolean {
  const { seq, at } = fields;
  if (seq < 1) {
    invalidPayloads++;
    return false;
  }
  if (seq <= viewer.lastSeq) {
    viewer.duplicates++;
    return false;
  }
  if (seq > viewer.lastSeq + 1) viewer.gaps += seq - viewer.lastSeq - 1;
  viewer.lastSeq = seq;

  if (phase) {
    // `at` is whole ms (MatchDeltaSchema), rounded by the publisher: a reading can dip 0.5 ms below zero.
    phase.latency.record(Math.max(0, receivedAt - at));
    phase.deliveries++;
    phase.first ??= receivedAt;
    phase.last = receivedAt;
  }

  if (seq >= holders.length) {
    const grown = new Uint32Array(Math.max(seq + 1, holders.length * 2));
    grown.set(holders);
    holders = grown;
  }
  const count = (holders[seq] = holdersOf(seq) + 1);
  if (count === alive) markComplete(seq);
  return count === 1;
}

/** Every viewer gets the same bytes, so checking the first copy of each seq checks them all. */
function onPayload(fields: DeltaFields, json: string): void {
  if (!validDelta(json, fields)) invalidPayloads++;
}

function onLost(viewer: Viewer): void {
  if (viewer.lost) return;
  viewer.lost = true;
  alive--;
  disconnects++;
  // Fewer viewers to wait for: seqs the others all hold are now complete.
  for (const seq of [...waiters.keys()]) if (holdersOf(seq) >= alive) markComplete(seq);
}

async function connect(params: ConnectParams) {
  const started = wallNow();
  let failed = 0;
  let firstError: string | null = null;
  for (let offset = 0; offset < params.viewers; offset += params.batchSize) {
    const size = Math.min(params.batchSize, params.viewers - offset);
    const batch = Array.from({ length: size }, async () => {
      const viewer: Viewer = { lastSeq: 0, gaps: 0, duplicates: 0, lost: false, handle: null };
      const handlers: ViewerHandlers = {
        onDelta: (fields, receivedAt) => onDelta(viewer, fields, receivedAt),
        onPayload,
        onMalformed: () => invalidPayloads++,
        onLost: () => onLost(viewer),
      };
      try {
        viewer.handle = await connectViewer(
          {
            client: params.client,
            protocol: params.protocol,
            url: params.url,
            matchId: params.matchId,
            timeoutMs: params.batchTimeoutMs,
          },
          handlers,
        );
        viewer.lastSeq = Math.max(viewer.lastSeq, viewer.handle.startSeq);
        viewers.push(viewer);
        alive++;
      } catch (err) {
        failed++;
        firstError ??= err instanceof Error ? err.message : String(err);
      }
    });
    await Promise.all(batch);
    // Past 1% failures the numbers would not describe N viewers any more: stop ramping.
    if (failed > Math.max(10, params.viewers / 100)) break;
  }
  return { connected: alive, failed, firstError, elapsedMs: wallNow() - started };
}

function integrity(lastSeq: number): IntegrityReport {
  const report: IntegrityReport = {
    clients: viewers.length,
    gaps: 0,
    duplicates: 0,
    missing: 0,
    clientsWithProblems: 0,
    disconnects,
    invalidPayloads,
  };
  for (const v of viewers) {
    const missing = v.lost ? 0 : Math.max(0, lastSeq - v.lastSeq);
    report.gaps += v.gaps;
    report.duplicates += v.duplicates;
    report.missing += missing;
    if (v.gaps || v.duplicates || missing || v.lost) report.clientsWithProblems++;
  }
  return report;
}

serveRpc<FleetApi>({
  connect,
  phaseStart(name) {
    phase = { name, latency: new Histogram(), deliveries: 0, first: null, last: null };
  },
  phaseEnd(): PhaseStats {
    if (!phase) throw new Error('no phase running');
    const p = phase;
    phase = null;
    return {
      name: p.name,
      deliveries: p.deliveries,
      latency: p.latency.toData(),
      firstDeliveryAt: p.first,
      lastDeliveryAt: p.last,
    };
  },
  async waitFor(seq, timeoutMs) {
    const started = wallNow();
    if (holdersOf(seq) < alive) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        const list = waiters.get(seq) ?? [];
        list.push(() => (clearTimeout(timer), resolve()));
        waiters.set(seq, list);
      });
    }
    return { seq, holders: holdersOf(seq), viewers: alive, waitedMs: wallNow() - started };
  },
  integrity,
  cpu() {
    const { user, system } = process.cpuUsage();
    return { cpuMicros: user + system, at: wallNow() };
  },
  stop() {
    for (const v of viewers) v.handle?.close();
    setTimeout(() => process.exit(0), 200);
  },
});
emitEvent<FleetEvents, 'ready'>('ready', { pid: process.pid });
