import type { Logger } from 'pino';

/**
 * The gateway's reach into private parts of socket.io, engine.io and ws, in one place (issue 15 §3).
 *
 * The measured memory and speed of a hot match (BENCHMARKS.md, "Memory" and the fan-out figures) rest on
 * fields and listeners those libraries keep to themselves: idle-footprint.ts slims every connection,
 * small-map.ts stands in for their one-entry maps, heartbeat.ts pings every connection from one timer,
 * preencoded-frame.ts writes one finished frame to every viewer. Each step looks for what it changes and
 * does nothing when it is not there, so a connection never breaks; but then an upgrade that renamed a field
 * would undo the saving without a word. So every step reports here whether it applied, the first miss of each
 * is logged, and `gateway/test/library-internals.test.ts` fails when any step did not apply to the installed
 * versions, which gateway/package.json pins exactly: an upgrade is a red CI and a re-measurement.
 *
 * All of them hang on one switch (`AppOptions.libraryInternals`, SOCKET_LIBRARY_INTERNALS): off, the gateway
 * uses the libraries' public API only (Engine.IO's own ping timer per connection, `conn.write` per viewer)
 * and costs what they cost.
 */
export const INTERNALS_STEPS = {
  'engine.request': "engine.io Socket#request: the handshake's HTTP request, dropped",
  'engine.upgrade-error-listener': "engine.io's `onUpgradeError` 'error' listener on the ws socket, removed",
  'engine.response-close-forwarder':
    "engine.io WebSocketResponse's 'close' forwarder on the TCP socket, removed",
  'engine.transport-headers': "the engine.io WebSocket transport's 'headers' listener, removed",
  'engine.listener-tables':
    'the `_events` tables of the engine.io socket, its transport and the ws socket, compacted',
  'engine.cleanup-fn': 'engine.io Socket#cleanupFn, trimmed',
  'ws.receive-buffers': 'ws Receiver#_mask and #_buffers, released after each message',
  'socket.handshake': "the socket.io handshake's headers, query and auth, emptied",
  'socket.own-room': "the room named after the socket's id, left",
  'socket.listener-table': 'the `_events` table of the socket.io socket, compacted',
  'socket.any-listeners': 'socket.io Socket#_anyListeners, trimmed',
  'client.decoder-callbacks': "socket.io Client#decoder's `_callbacks.$decoded`, trimmed",
  'client.small-maps': 'socket.io Client#sockets and Client#nsps, as SmallMaps',
  'socket.small-acks': 'socket.io Socket#acks, as a SmallMap',
  'heartbeat.sweep':
    'engine.io Socket#pingIntervalTimer, #sendPacket, #resetPingTimeout: pings taken over by the sweep',
  'ws.frame': 'ws Sender.frame: the frame of a delta built once',
  'ws.send-frame':
    "ws Sender#sendFrame behind engine.io's WebSocket transport: the frame written to each viewer",
} as const;

export type InternalsStep = keyof typeof INTERNALS_STEPS;

export interface StepCount {
  /** Connections (or, for the frame steps, writes) the step applied to. */
  applied: number;
  /** Those it should have applied to but did not find what it changes. */
  missed: number;
}

export class LibraryInternals {
  private readonly counts = new Map<InternalsStep, StepCount>();

  /**
   * @param enabled false: none of the steps runs (the libraries' public behaviour, their own costs).
   * @param logger where the first miss of each step is reported.
   */
  constructor(
    readonly enabled: boolean,
    private readonly logger?: Logger,
  ) {}

  /** Records one outcome of a step; returns `applied`. */
  note(step: InternalsStep, applied: boolean): boolean {
    this.add(step, applied ? 1 : 0, applied ? 0 : 1);
    return applied;
  }

  /** Records many outcomes at once (the hot path counts a delta's viewers, then reports once). */
  add(step: InternalsStep, applied: number, missed: number): void {
    if (applied === 0 && missed === 0) return;
    let count = this.counts.get(step);
    if (!count) this.counts.set(step, (count = { applied: 0, missed: 0 }));
    if (missed > 0 && count.missed === 0) {
      this.logger?.warn(
        { step, what: INTERNALS_STEPS[step] },
        'a socket library internal step did not apply: socket.io, engine.io or ws changed; re-measure (BENCHMARKS.md)',
      );
    }
    count.applied += applied;
    count.missed += missed;
  }

  /** Every step with what it counted so far (zeros for a step that never had a connection to apply to). */
  report(): Record<InternalsStep, StepCount> {
    const entries = (Object.keys(INTERNALS_STEPS) as InternalsStep[]).map(
      (step) => [step, { ...(this.counts.get(step) ?? { applied: 0, missed: 0 }) }] as const,
    );
    return Object.fromEntries(entries) as Record<InternalsStep, StepCount>;
  }
}
