import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { Server, type Socket } from 'socket.io';
import { MAX_SUBSCRIPTIONS_PER_SOCKET } from '@pitchside/shared/constants';
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
import { guarded } from './guard.ts';
import type { MatchFanout } from './match-fanout.ts';
import type { ScoreboardFanout } from './scoreboard-fanout.ts';

export type PitchsideServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type PitchsideSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The hard ceiling on one inbound message; above it Engine.IO closes the connection. */
const HARD_PAYLOAD_LIMIT = 64 * 1024;

export function createSocketServer(
  httpServer: HttpServer,
  options: { allowedOrigins: readonly string[]; logger: Logger },
): PitchsideServer {
  const io: PitchsideServer = new Server(httpServer, {
    // Compressing a frame per viewer would cost more CPU than the bytes it saves on small deltas.
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: HARD_PAYLOAD_LIMIT,
    cleanupEmptyChildNamespaces: true,
    allowRequest: (req, callback) => {
      if (originAllowed(req, options.allowedOrigins)) return callback(null, true);
      options.logger.info({ origin: req.headers.origin }, 'socket refused: origin not allowed');
      callback('request:origin-forbidden', false);
    },
  });
  io.engine.on('connection', releaseHandshakeRequest);
  return io;
}

/**
 * Lets the handshake's HTTP request be collected once the connection is up: we never read it again, and with
 * its headers it is about 1.5 KB of every idle viewer. Engine.IO 6 keeps it in three places:
 * - `request` on its socket (the socket.io docs, "Memory usage", recommend dropping it);
 * - the closure of `onUpgradeError`, a no-op 'error' listener left on every WebSocket that connected directly
 *   (the transport has its own error handler);
 * - the `WebSocketResponse` made for upgrade middlewares, which forwards the TCP socket's 'close' to listeners
 *   we never register (engine.io server.ts, `socket.once("close", () => this.emit("close"))`).
 * If Engine.IO changes these, nothing breaks: the request just lives as long as the connection again, and the
 * memory figure in BENCHMARKS.md (`npm run bench:fanout`) shows it.
 */
interface EngineSocketInternals {
  request: IncomingMessage | null;
  transport: { socket?: EventEmitterLike & { _socket?: EventEmitterLike } };
}
interface EventEmitterLike {
  listeners(event: string): unknown[];
  removeListener(event: string, fn: (...args: unknown[]) => void): void;
}

function releaseHandshakeRequest(rawSocket: EngineSocketInternals): void {
  rawSocket.request = null;
  const ws = rawSocket.transport.socket;
  if (!ws) return;
  removeListeners(ws, 'error', (fn) => fn.name === 'onUpgradeError');
  if (ws._socket) removeListeners(ws._socket, 'close', (fn) => fn.toString() === '() => this.emit("close")');
}

function removeListeners(
  emitter: EventEmitterLike,
  event: string,
  match: (fn: (...args: unknown[]) => void) => boolean,
) {
  for (const listener of emitter.listeners(event)) {
    const fn = listener as (...args: unknown[]) => void;
    if (match(fn)) emitter.removeListener(event, fn);
  }
}

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

/**
 * What Socket.IO keeps per connection that we never read again once it is connected. A hot match holds tens of
 * thousands of idle viewers, so these bytes are most of what a viewer costs (see BENCHMARKS.md):
 * - the handshake's copy of the request headers and query (connection middleware has already run);
 * - the room named after the socket's own id, which Socket.IO joins for `io.to(socket.id)`; we never address
 *   a single socket that way (acks answer requests, deltas go to the match's viewers).
 */
function slimDown(socket: PitchsideSocket): void {
  const handshake = socket.handshake as { headers: unknown; query: unknown };
  handshake.headers = EMPTY;
  handshake.query = EMPTY;
  void socket.leave(socket.id);
}
const EMPTY = Object.freeze({});

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
  logger: Logger;
}

const KNOWN_REQUESTS: ReadonlySet<string> = new Set([
  EVENTS.matchSubscribe,
  EVENTS.matchUnsubscribe,
  EVENTS.scoreboardSubscribe,
  EVENTS.scoreboardUnsubscribe,
]);

const subscriptionCount = (socket: PitchsideSocket): number =>
  (socket.data.matches?.size ?? 0) + (socket.data.scoreboards?.size ?? 0);

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
  logger,
}: SocketHandlerDeps): void {
  const log = logger.child({ module: 'socket' });
  const unexpected = (error: unknown) => log.error({ err: error }, 'socket handler failed');

  io.of('/').adapter.on('delete-room', (room: string) => {
    if (room.startsWith('scoreboard:')) scoreboardFanout.deactivate(room);
  });

  const matchSubscribe = guarded(
    MatchSubscribeSchema,
    async (socket: PitchsideSocket, { matchId, since }): Promise<MatchSubscribeResult> => {
      const held = (socket.data.matches ??= new Set());
      if (!held.has(matchId)) checkCapacity(socket);
      // Join first, read second: a delta published in between reaches the client live (and is a harmless
      // duplicate if the read includes it too); reading first could lose it.
      await matchFanout.join(matchId, socket.conn);
      held.add(matchId);
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
    ScoreboardSubscribeSchema,
    async (socket: PitchsideSocket, { scope }): Promise<ScoreboardSnapshot> => {
      const room = scoreboardRoom(scope);
      const held = (socket.data.scoreboards ??= new Set());
      if (!held.has(room)) checkCapacity(socket);
      await socket.join(room);
      held.add(room);
      // Listen before reading, as for matches: an update in between arrives live rather than never.
      await scoreboardFanout.activate(scope);
      const entries = (await matches.entries(await idsInScope(matches, scope))).sort(byKickoff);
      scoreboardFanout.track(room, entries);
      return { room, entries };
    },
    unexpected,
  );

  const scoreboardUnsubscribe = guarded(
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

  /** Requests nobody handles still get an answer, so a client never waits for an ack that cannot come. */
  function unknownRequest(this: PitchsideSocket, event: string, ...args: unknown[]): void {
    if (KNOWN_REQUESTS.has(event)) return;
    const ack = args.at(-1);
    if (typeof ack !== 'function') return;
    const label = JSON.stringify(String(event)).slice(0, 80);
    ack({ error: new PitchsideError('request:invalid', `Unknown event ${label}.`).toBody() });
  }

  function disconnect(this: PitchsideSocket): void {
    for (const matchId of this.data.matches ?? []) matchFanout.leave(matchId, this.conn);
  }

  io.on('connection', (socket: PitchsideSocket) => {
    slimDown(socket);
    socket.on('match:subscribe', matchSubscribe);
    socket.on('match:unsubscribe', matchUnsubscribe);
    socket.on('scoreboard:subscribe', scoreboardSubscribe);
    socket.on('scoreboard:unsubscribe', scoreboardUnsubscribe);
    socket.onAny(unknownRequest);
    socket.on('disconnect', disconnect);
  });
}
