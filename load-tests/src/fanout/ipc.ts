import type { ChildProcess } from 'node:child_process';

/**
 * A tiny request/response protocol over the Node IPC channel between the orchestrator and its
 * children (servers, client fleet). Typed once here so both ends agree on method names and payloads.
 */

export type ServerKind = 'bare-ws' | 'socketio-default' | 'pitchside-gateway';
export const SERVER_KINDS: readonly ServerKind[] = ['bare-ws', 'socketio-default', 'pitchside-gateway'];

/** Handed to a server child as its first argument (JSON). */
export interface ServerConfig {
  redisUrl: string;
  prefix: string;
  matchId: string;
  epoch: string;
  /** Express's `trust proxy` for the gateway (bench:hostile: clients name their address in X-Forwarded-For). */
  trustProxy?: string;
}

export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

export interface CpuSample {
  /** process.cpuUsage() user + system, in µs. */
  cpuMicros: number;
  /** Wall clock, ms, same clock as the deltas' `at`. */
  at: number;
}

export interface ServerEvents {
  ready: { port: number };
}

export interface ServerApi {
  memory(): MemorySample;
  cpu(): CpuSample;
  stop(): void;
}

/** Which WebSocket client the viewers use: the `ws` library, or the minimal one in clients/raw-websocket.ts. */
export type ClientImplementation = 'ws' | 'raw';

export interface ConnectParams {
  client: ClientImplementation;
  /** 'raw': the bare ws server (frames are the delta JSON). 'engine.io': Socket.IO v4 framing. */
  protocol: 'raw' | 'engine.io';
  url: string;
  viewers: number;
  batchSize: number;
  matchId: string;
  /** Per batch: give up after this long. */
  batchTimeoutMs: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  firstError: string | null;
  elapsedMs: number;
}

/** Serialised latency histogram: see stats.ts. */
export interface HistogramData {
  buckets: [index: number, count: number][];
  count: number;
  min: number;
  max: number;
  sum: number;
}

export interface PhaseStats {
  name: string;
  deliveries: number;
  latency: HistogramData;
  /** Wall clock (ms) of the first and last delivery seen in the phase. */
  firstDeliveryAt: number | null;
  lastDeliveryAt: number | null;
}

export interface IntegrityReport {
  clients: number;
  /** Seq numbers skipped, summed over clients (a client that got 1, 3 has one gap of one delta). */
  gaps: number;
  duplicates: number;
  /** Deltas published but never delivered, summed over clients (the tail a gap cannot see). */
  missing: number;
  clientsWithProblems: number;
  /** Sockets that closed or errored after connecting. */
  disconnects: number;
  /** Deltas whose payload failed MatchDeltaSchema (checked once per seq, on first delivery). */
  invalidPayloads: number;
}

export interface FleetApi {
  connect(params: ConnectParams): ConnectResult;
  phaseStart(name: string): void;
  phaseEnd(): PhaseStats;
  /** Resolves when every connected viewer holds `seq` (or after timeoutMs): how many do. */
  waitFor(
    seq: number,
    timeoutMs: number,
  ): { seq: number; holders: number; viewers: number; waitedMs: number };
  integrity(lastSeq: number): IntegrityReport;
  cpu(): CpuSample;
  stop(): void;
}

/** Pushed by the fleet without a request: every viewer now holds `seq`. */
export interface FleetEvents {
  ready: { pid: number };
  complete: { seq: number; at: number };
}

type Method<Api> = Extract<keyof Api, string>;
type Params<Api, M extends Method<Api>> = Api[M] extends (...args: infer P) => unknown ? P : never;
type Result<Api, M extends Method<Api>> = Api[M] extends (...args: never[]) => infer R ? Awaited<R> : never;

interface RpcRequest {
  id: number;
  method: string;
  params: unknown[];
}
type RpcResponse = { id: number; result: unknown } | { id: number; error: string };
interface RpcEvent {
  event: string;
  data: unknown;
}

/** Wall-clock milliseconds with sub-ms precision, comparable across processes on one host. */
export const wallNow = (): number => performance.timeOrigin + performance.now();

export type Implementation<Api> = {
  [M in keyof Api]: Api[M] extends (...args: infer P) => infer R ? (...args: P) => R | Promise<R> : never;
};

/** Child side: answer requests from the parent; exit when the parent goes away. */
export function serveRpc<Api>(impl: Implementation<Api>): void {
  if (!process.send) throw new Error('serveRpc: this process has no IPC channel (start it from main.ts)');
  process.on('message', (raw) => {
    const req = raw as RpcRequest;
    const fn = (impl as Record<string, (...args: unknown[]) => unknown>)[req.method];
    Promise.resolve()
      .then(() => {
        if (!fn) throw new Error(`unknown method ${req.method}`);
        return fn(...req.params);
      })
      .then(
        (result) => process.send?.({ id: req.id, result: result ?? null } satisfies RpcResponse),
        (err: unknown) =>
          process.send?.({
            id: req.id,
            error: err instanceof Error ? err.message : String(err),
          } satisfies RpcResponse),
      );
  });
  // An orphaned child would hold thousands of sockets: die with the orchestrator.
  process.on('disconnect', () => process.exit(0));
}

export function emitEvent<Events, E extends Extract<keyof Events, string>>(event: E, data: Events[E]): void {
  process.send?.({ event, data } satisfies RpcEvent);
}

/** Parent side: call a child's methods, listen to its events. */
export class RpcClient<Api, Events = Record<string, never>> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private readonly listeners = new Map<string, ((data: unknown) => void)[]>();

  constructor(
    private readonly child: ChildProcess,
    private readonly label: string,
  ) {
    child.on('message', (raw) => {
      const msg = raw as RpcResponse | RpcEvent;
      if ('event' in msg) {
        for (const fn of this.listeners.get(msg.event) ?? []) fn(msg.data);
        return;
      }
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if ('error' in msg) waiter.reject(new Error(`${label}: ${msg.error}`));
      else waiter.resolve(msg.result);
    });
    // Without a listener a send to a dead child would throw from an 'error' event.
    child.on('error', (err) => console.error(`${label}: ${err.message}`));
    child.on('exit', (code, signal) => {
      for (const waiter of this.pending.values())
        waiter.reject(new Error(`${label} exited (${code ?? signal})`));
      this.pending.clear();
    });
  }

  call<M extends Method<Api>>(
    method: M,
    timeoutMs: number,
    ...params: Params<Api, M>
  ): Promise<Result<Api, M>> {
    const id = this.nextId++;
    return new Promise<Result<Api, M>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${this.label}.${method}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(id, {
        resolve: (v) => (clearTimeout(timer), this.pending.delete(id), resolve(v as Result<Api, M>)),
        reject: (e) => (clearTimeout(timer), this.pending.delete(id), reject(e)),
      });
      if (!this.child.connected)
        return this.pending.get(id)?.reject(new Error(`${this.label}.${method}: child is gone`));
      this.child.send({ id, method, params } satisfies RpcRequest, (err) => {
        if (err) this.pending.get(id)?.reject(new Error(`${this.label}.${method}: ${err.message}`));
      });
    });
  }

  on<E extends Extract<keyof Events, string>>(event: E, fn: (data: Events[E]) => void): void {
    const list = this.listeners.get(event) ?? [];
    list.push(fn as (data: unknown) => void);
    this.listeners.set(event, list);
  }
}
