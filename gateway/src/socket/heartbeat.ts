import type { Namespace, Socket } from 'socket.io';

/**
 * Engine.IO heartbeats for every connection from one timer, instead of a timer per connection.
 *
 * Engine.IO (protocol v4) pings each connection `pingInterval` ms after it opened and after each pong, and
 * closes it when no pong comes back within `pingTimeout`. It keeps a Timeout and a closure per connection for
 * the ping (about 200 bytes of every idle viewer), re-armed forever. Here one interval ticks `SLOTS` times per
 * `pingInterval`; a connection is put in the slot that was just swept when it joins, so the sweep comes back
 * to it about `pingInterval` later and every `pingInterval` after that, as Engine.IO's own timer would. For each
 * connection due, the sweep does what that timer does when it fires (engine.io socket.ts, `schedulePing`):
 * marks the ping timeout as not yet extended, sends a ping, starts the pong timeout. The pong timeout stays
 * Engine.IO's own: it exists only while a pong is awaited.
 *
 * A connection's slot is the stand-in object that replaces its ping timer, so it costs nothing to remember.
 * A connection is adopted only when Engine.IO's socket has the members this relies on; otherwise it keeps its
 * own timer, as it does before it joins the namespace.
 */
const SLOTS = 25;
/** A few milliseconds of pings: a delta waits at most that long behind them. */
const PINGS_PER_TURN = 200;

/**
 * Stand in for Engine.IO's ping timer on adopted connections, one per slot. Engine.IO only refreshes the timer
 * after a pong (a no-op here: the sweep keeps the rhythm) and clears it on close (`clearTimeout` ignores what
 * is not a timer).
 */
const SWEPT: readonly SweptTimer[] = Array.from({ length: SLOTS }, (_, slot) =>
  Object.freeze({
    slot,
    refresh() {
      return this;
    },
  }),
);
interface SweptTimer {
  slot: number;
  refresh(): SweptTimer;
}
const sweptSlot = (timer: unknown): number | undefined => {
  const slot = (timer as Partial<SweptTimer> | null | undefined)?.slot;
  return slot !== undefined && SWEPT[slot] === timer ? slot : undefined;
};

interface EngineSocketInternals {
  readyState: string;
  protocol?: number;
  pingIntervalTimer?: unknown;
  pingTimeoutTimer?: unknown;
  hasRefreshedPingTimeout?: boolean;
  sendPacket?: (type: 'ping') => void;
  resetPingTimeout?: () => void;
}

export class HeartbeatSweep {
  private readonly timer: NodeJS.Timeout;
  private readonly sliceMs: number;
  private readonly startedAt = performance.now();
  /** Slices swept so far, counted from the start: slice `n` pings the connections of slot `n % SLOTS`. */
  private swept = 0;

  constructor(
    private readonly sockets: Namespace['sockets'],
    pingIntervalMs: number,
  ) {
    this.sliceMs = pingIntervalMs / SLOTS;
    this.timer = setInterval(() => this.sweep(), this.sliceMs);
    this.timer.unref();
  }

  /**
   * Takes over the connection's pings; leaves it to Engine.IO when its socket is not what we expect.
   * Returns whether it took them over (library-internals.ts counts it).
   */
  adopt(socket: Socket): boolean {
    const conn = socket.conn as unknown as EngineSocketInternals;
    const timer = conn.pingIntervalTimer as { refresh?: unknown } | null | undefined;
    if (
      conn.protocol !== 4 ||
      typeof conn.sendPacket !== 'function' ||
      typeof conn.resetPingTimeout !== 'function' ||
      typeof timer?.refresh !== 'function'
    )
      return false;
    clearTimeout(timer as NodeJS.Timeout);
    conn.pingIntervalTimer = SWEPT[(this.swept + SLOTS - 1) % SLOTS];
    return true;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * Sweeps every slice that is due by the clock, not one per tick: a late tick (a busy event loop) would
   * otherwise stretch every connection's interval by SLOTS times its delay. After a long stall, one round.
   */
  private sweep(): void {
    const due = Math.floor((performance.now() - this.startedAt) / this.sliceMs);
    if (due <= this.swept) return;
    const slots = new Set<number>();
    for (let slice = Math.max(this.swept, due - SLOTS); slice < due; slice++) slots.add(slice % SLOTS);
    this.swept = due;
    const conns: EngineSocketInternals[] = [];
    for (const socket of this.sockets.values()) {
      const conn = socket.conn as unknown as EngineSocketInternals;
      const slot = sweptSlot(conn.pingIntervalTimer);
      if (slot !== undefined && slots.has(slot)) conns.push(conn);
    }
    ping(conns, 0);
  }
}

/**
 * Pings the connections due, `PINGS_PER_TURN` per turn of the event loop, so that a slice holding thousands
 * of viewers (all those who joined within the same second, after a kick-off or a restart) does not hold up
 * the deltas for their whole length.
 */
function ping(conns: readonly EngineSocketInternals[], from: number): void {
  const end = Math.min(conns.length, from + PINGS_PER_TURN);
  for (let i = from; i < end; i++) {
    const conn = conns[i]!;
    // Still waiting for the last pong (Engine.IO pings again only after one), or closing.
    if (conn.pingTimeoutTimer || conn.readyState !== 'open') continue;
    conn.hasRefreshedPingTimeout = false;
    conn.sendPacket!('ping');
    conn.resetPingTimeout!();
  }
  if (end < conns.length) setImmediate(ping, conns, end);
}
