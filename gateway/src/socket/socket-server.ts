import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { MAX_SUBSCRIPTIONS_PER_SOCKET, MAX_UNKNOWN_EVENT_ANSWERS } from '@pitchside/shared/constants';
import { ContentSubscribeSchema, type ContentTopic } from '@pitchside/shared/content';
import { PitchsideError } from '@pitchside/shared/errors';
import {
  EVENTS,
  MatchSubscribeSchema,
  MatchUnsubscribeSchema,
  ScoreboardSubscribeSchema,
  scoreboardRoom,
  type ClientToServerEvents,
  type InterServerEvents,
  type MatchSubscribeResult,
  type ScoreboardScope,
  type ScoreboardSnapshot,
  type ServerToClientEvents,
  type SocketData,
} from '@pitchside/shared/protocol';
import type { MatchReads } from '../read-model/match-reads.ts';
import { byKickoff } from '../read-model/match-reads.ts';
import { zonedDayRange } from '../lib/zoned-day.ts';
import { admit, disconnectFlooder, guarded } from './guard.ts';
import type { MatchFanout } from './match-fanout.ts';
import type { ScoreboardFanout } from './scoreboard-fanout.ts';
import { contentRoom } from '../content/content-hub.ts';
import { slimEngineConnection, slimSocket } from './idle-footprint.ts';
import { HeartbeatSweep } from './heartbeat.ts';
import { LibraryInternals } from './library-internals.ts';
import { withinSendBudget, type SendBudgetConn } from './send-budget.ts';
import {
  AddressGate,
  DEFAULT_ADDRESS_LIMITS,
  type AddressLimits,
  type AddressRefusal,
  type TrustProxy,
} from './address-gate.ts';

export type PitchsideServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type PitchsideSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The hard ceiling on one inbound message; above it Engine.IO closes the connection. */
const HARD_PAYLOAD_LIMIT = 64 * 1024;
/** Engine.IO's default `pingInterval`, which it fills in when the option is not given. */
const ENGINE_PING_INTERVAL = 25_000;

export interface SocketServerOptions {
  allowedOrigins: readonly string[];
  logger: Logger;
  /** Engine.IO's heartbeat, ms; its defaults (25 s, 20 s) unless a test needs it faster. */
  pingInterval?: number;
  pingTimeout?: number;
  /** The tweaks of socket.io, engine.io and ws internals (library-internals.ts); on unless given. */
  internals?: LibraryInternals;
  /** New and open sockets per client address (address-gate.ts; its defaults); false: none (fan-out benchmark). */
  addressLimits?: AddressLimits | false;
  /** Which proxies may name the client's address: Express's `trust proxy`, the same value. */
  trustProxy?: TrustProxy;
  /** Told of each handshake the address limits refused. */
  onRefused?: (reason: AddressRefusal) => void;
}

export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions): PitchsideServer {
  const io: PitchsideServer = new Server(httpServer, {
    ...(options.pingInterval !== undefined && { pingInterval: options.pingInterval }),
    ...(options.pingTimeout !== undefined && { pingTimeout: options.pingTimeout }),
    // Compressing a frame per viewer would cost more CPU than the bytes it saves on small deltas.
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: HARD_PAYLOAD_LIMIT,
    cleanupEmptyChildNamespaces: true,
    allowRequest: (req, callback) => {
      if (!originAllowed(req, options.allowedOrigins)) {
        options.logger.info({ origin: req.headers.origin }, 'socket refused: origin not allowed');
        return callback('request:origin-forbidden', false);
      }
      // A WebSocket upgrade was admitted (or refused) before Engine.IO saw it: see refuseEarly below.
      if (!gate || ADMITTED.has(req)) return callback(null, true);
      // Refused without a log line each: a flood of handshakes would become a flood of logs (metrics count them).
      const refusal = gate.admit(req);
      if (refusal) options.onRefused?.(refusal);
      callback(refusal, refusal === null);
    },
  });
  const gate =
    options.addressLimits === false
      ? null
      : new AddressGate(options.addressLimits ?? DEFAULT_ADDRESS_LIMITS, options.trustProxy);
  if (gate) {
    refuseEarly(httpServer, gate, options.onRefused);
    io.engine.on('connection', (conn: { request: IncomingMessage; once(e: 'close', f: () => void): void }) =>
      conn.once('close', gate.opening(conn.request)),
    );
  }
  // Idle viewers are most of a hot match's connections: see idle-footprint.ts and heartbeat.ts.
  const internals = options.internals ?? new LibraryInternals(true, options.logger);
  if (!internals.enabled) return io;
  io.engine.on('connection', (conn: object) => slimEngineConnection(conn, internals));
  const heartbeat = new HeartbeatSweep(
    io.of('/').sockets,
    io.engine.opts.pingInterval ?? ENGINE_PING_INTERVAL,
  );
  io.on('connection', (socket) => internals.note('heartbeat.sweep', heartbeat.adopt(socket)));
  httpServer.once('close', () => heartbeat.stop());
  return io;
}

/** Upgrades the address gate let through, so Engine.IO's allowRequest does not count them twice. */
const ADMITTED = new WeakSet<IncomingMessage>();

/**
 * Per-address limits on WebSocket upgrades, checked before Engine.IO's listener parses the request: a storm of
 * handshakes from one address is answered `429` with the code as its body and closed, at the cost of a header
 * read and a map lookup each, instead of Engine.IO's verification, a promise and its 400 (a burst of 3,000
 * took the event loop 250-360 ms that way, delaying every viewer's deltas: BENCHMARKS.md, "Hostile clients").
 */
function refuseEarly(
  httpServer: HttpServer,
  gate: AddressGate,
  onRefused: ((reason: AddressRefusal) => void) | undefined,
): void {
  const engineListeners = httpServer.listeners('upgrade') as ((...args: unknown[]) => void)[];
  httpServer.removeAllListeners('upgrade');
  httpServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A polling session moving to WebSocket (`sid=`) is a socket already admitted, not a new one.
    const refusal = req.url?.includes('sid=') ? null : gate.admit(req);
    if (refusal) {
      onRefused?.(refusal);
      socket.on('error', () => {});
      socket.end(REFUSED[refusal]);
      return;
    }
    ADMITTED.add(req);
    for (const listener of engineListeners) listener.call(httpServer, req, socket, head);
  });
}

const refusedAnswer = (code: AddressRefusal) =>
  Buffer.from(
    `HTTP/1.1 429 Too Many Requests\r\nRetry-After: 5\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(code)}\r\nConnection: close\r\n\r\n${code}`,
  );
const REFUSED: Record<AddressRefusal, Buffer> = {
  'connection:rate-limited': refusedAnswer('connection:rate-limited'),
  'connection:too-many': refusedAnswer('connection:too-many'),
};

/** Browsers send Origin; it must be our own host or an allowed one. Non-browser clients send none. */
function originAllowed(req: IncomingMessage, allowed: readonly string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes(origin) || allowed.includes('*')) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

async function idsInScope(matches: MatchReads, scope: ScoreboardScope): Promise<string[]> {
  switch (scope.kind) {
    case 'live':
      return matches.liveIds();
    case 'competition':
      return matches.competitionIds(scope.competitionId);
    case 'date': {
      const { start, end } = zonedDayRange(scope.date, scope.tz);
      return matches.idsByKickoff(start, end);
    }
  }
}

export interface SocketHandlerDeps {
  io: PitchsideServer;
  matches: MatchReads;
  matchFanout: MatchFanout;
  scoreboardFanout: ScoreboardFanout;
  /** When an operators' content topic last changed (content/content-hub.ts); without it, never. */
  lastContentChange?: ((topic: ContentTopic) => Promise<string | null>) | undefined;
  logger: Logger;
  /** The same switch and tally as createSocketServer's (library-internals.ts); on unless given. */
  internals?: LibraryInternals;
}

const KNOWN_REQUESTS: ReadonlySet<string> = new Set([
  EVENTS.matchSubscribe,
  EVENTS.matchUnsubscribe,
  EVENTS.scoreboardSubscribe,
  EVENTS.scoreboardUnsubscribe,
  EVENTS.contentSubscribe,
  EVENTS.contentUnsubscribe,
]);

/** Content topics followed (issue 6): the socket's `content:` rooms, so they cost no per-socket field. */
const contentRoomCount = (socket: PitchsideSocket): number => {
  let n = 0;
  for (const room of socket.rooms) if (room.startsWith('content:')) n += 1;
  return n;
};

const subscriptionCount = (socket: PitchsideSocket): number =>
  (socket.data.matches?.size ?? 0) + (socket.data.scoreboards?.size ?? 0) + contentRoomCount(socket);

/**
 * Refuses a new subscription when the connection already holds the cap. Called before the handler's first
 * `await`, and the caller takes its place (adds to `held`, or joins the room) in the same synchronous step, so
 * requests that arrive together each see the places taken by the ones before them: a hundred concurrent
 * subscribes are held to the cap, not all checked against an empty count.
 */
function checkCapacity(socket: PitchsideSocket): void {
  if (subscriptionCount(socket) >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
    throw new PitchsideError(
      'subscription:limit',
      `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection.`,
    );
  }
}

/**
 * The request handlers, built once and shared by every connection: Socket.IO calls them with `this` bound to
 * the socket, so a viewer costs no closures of its own (a hot match has tens of thousands of viewers).
 */
export function attachSocketHandlers({
  io,
  matches,
  matchFanout,
  scoreboardFanout,
  lastContentChange,
  logger,
  internals = new LibraryInternals(true, logger),
}: SocketHandlerDeps): void {
  const log = logger.child({ module: 'socket' });
  const unexpected = (error: unknown, event: string) =>
    log.error({ err: error, event }, 'socket handler failed');

  io.of('/').adapter.on('delete-room', (room: string) => {
    if (room.startsWith('scoreboard:')) scoreboardFanout.deactivate(room);
  });

  const matchSubscribe = guarded(
    'match:subscribe',
    MatchSubscribeSchema,
    async (socket: PitchsideSocket, { matchId, since }): Promise<MatchSubscribeResult> => {
      const held = (socket.data.matches ??= new Set());
      const reserved = !held.has(matchId);
      if (reserved) {
        checkCapacity(socket);
        held.add(matchId); // the place is taken now, before the first await (see checkCapacity)
      }
      // Join first, read second: a delta published in between reaches the client live (and is a harmless
      // duplicate if the read includes it too); reading first could lose it.
      try {
        await matchFanout.join(matchId, socket.conn);
      } catch (error) {
        if (reserved) {
          held.delete(matchId);
          matchFanout.leave(matchId, socket.conn);
        }
        throw error;
      }
      // Gone while Redis confirmed the subscription (a page closed mid-subscribe): its disconnect handler has
      // run (and left the matches held so far), but a request of another match may have joined after it;
      // nothing else would take the connection out of the fan-out again, leaking the viewer and, once nobody
      // else watches, the match's Redis channel.
      if (socket.disconnected) {
        matchFanout.leave(matchId, socket.conn);
        throw new PitchsideError('subscription:not-subscribed', 'The connection closed.');
      }
      const notFound = () => {
        matchFanout.leave(matchId, socket.conn);
        held.delete(matchId);
        return new PitchsideError('match:not-found', `No match has the id ${matchId}.`);
      };
      // A resuming client usually needs a few deltas, not the snapshot: check its position first.
      if (since) {
        const position = await matches.position(matchId);
        if (!position) throw notFound();
        if (since.epoch === position.epoch && since.seq <= position.seq) {
          const deltas = await matches.deltasAfter(matchId, since.seq, position.seq);
          if (deltas) return { kind: 'deltas', epoch: position.epoch, seq: position.seq, deltas };
        }
      }
      const found = await matches.detail(matchId);
      if (!found) throw notFound();
      return { kind: 'snapshot', epoch: found.epoch, seq: found.seq, detail: found.detail };
    },
    unexpected,
  );

  const matchUnsubscribe = guarded(
    'match:unsubscribe',
    MatchUnsubscribeSchema,
    async (socket: PitchsideSocket, { matchId }) => {
      if (!socket.data.matches?.delete(matchId)) {
        throw new PitchsideError('subscription:not-subscribed', `Not subscribed to match ${matchId}.`);
      }
      matchFanout.leave(matchId, socket.conn);
      return { matchId };
    },
    unexpected,
  );

  const scoreboardSubscribe = guarded(
    'scoreboard:subscribe',
    ScoreboardSubscribeSchema,
    async (socket: PitchsideSocket, { scope }): Promise<ScoreboardSnapshot> => {
      const room = scoreboardRoom(scope);
      const held = (socket.data.scoreboards ??= new Set());
      if (!held.has(room)) {
        checkCapacity(socket);
        held.add(room); // taken before the first await (see checkCapacity)
      }
      await socket.join(room);
      // Listen before reading, as for matches: an update in between arrives live rather than never.
      await scoreboardFanout.activate(scope);
      const entries = (await matches.entries(await idsInScope(matches, scope))).sort(byKickoff);
      scoreboardFanout.track(room, entries);
      return { room, entries };
    },
    unexpected,
  );

  const scoreboardUnsubscribe = guarded(
    'scoreboard:unsubscribe',
    ScoreboardSubscribeSchema,
    async (socket: PitchsideSocket, { scope }) => {
      const room = scoreboardRoom(scope);
      if (!socket.data.scoreboards?.delete(room)) {
        throw new PitchsideError('subscription:not-subscribed', `Not subscribed to ${room}.`);
      }
      await socket.leave(room);
      return { room };
    },
    unexpected,
  );

  // Operators' content (issue 6): the room is all there is; content/content-hub.ts emits `content:changed`.
  const contentSubscribe = guarded(
    'content:subscribe',
    ContentSubscribeSchema,
    async (socket: PitchsideSocket, { topic }) => {
      const room = contentRoom(topic);
      if (!socket.rooms.has(room)) checkCapacity(socket);
      // The in-memory adapter joins synchronously, so the room counts before the next request is checked.
      await socket.join(room);
      const changedAt = (await lastContentChange?.(topic)) ?? null;
      return { topic, changedAt, now: new Date().toISOString() };
    },
    unexpected,
  );

  const contentUnsubscribe = guarded(
    'content:unsubscribe',
    ContentSubscribeSchema,
    async (socket: PitchsideSocket, { topic }) => {
      const room = contentRoom(topic);
      if (!socket.rooms.has(room)) {
        throw new PitchsideError('subscription:not-subscribed', `Not subscribed to ${topic}.`);
      }
      await socket.leave(room);
      return { topic };
    },
    unexpected,
  );

  /**
   * Requests nobody handles get an answer, so a client with a bug never waits for an ack that cannot come;
   * but only the first few per connection (MAX_UNKNOWN_EVENT_ANSWERS): a flood of them is dropped unanswered,
   * so it cannot make the gateway write without limit.
   */
  function unknownRequest(this: PitchsideSocket, event: string, ...args: unknown[]): void {
    if (KNOWN_REQUESTS.has(event)) return; // counted by its own handler (guard.ts)
    const admission = admit(this.data);
    if (admission === 'flooding') disconnectFlooder(this);
    if (admission !== 'served') return;
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    const answered = this.data.unknownAnswered ?? 0;
    if (answered >= MAX_UNKNOWN_EVENT_ANSWERS) return;
    this.data.unknownAnswered = answered + 1;
    if (!withinSendBudget(this.conn as unknown as SendBudgetConn)) return;
    const label = JSON.stringify(String(event)).slice(0, 80);
    ack({ error: new PitchsideError('request:invalid', `Unknown event ${label}.`).toBody() });
  }

  function disconnect(this: PitchsideSocket): void {
    for (const matchId of this.data.matches ?? []) matchFanout.leave(matchId, this.conn);
  }

  io.on('connection', (socket: PitchsideSocket) => {
    socket.on('match:subscribe', matchSubscribe);
    socket.on('match:unsubscribe', matchUnsubscribe);
    socket.on('scoreboard:subscribe', scoreboardSubscribe);
    socket.on('scoreboard:unsubscribe', scoreboardUnsubscribe);
    socket.on('content:subscribe', contentSubscribe);
    socket.on('content:unsubscribe', contentUnsubscribe);
    socket.onAny(unknownRequest);
    socket.on('disconnect', disconnect);
    if (internals.enabled) slimSocket(socket, internals); // last: it compacts the listener table filled above
  });
}
