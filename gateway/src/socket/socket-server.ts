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
import { guarded, TokenBucket } from './guard.ts';
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
  // Engine.IO keeps each handshake's HTTP request for the connection's life; we never read it after the
  // handshake, and dropping it saves several KB per viewer (socket.io docs, "Memory usage").
  io.engine.on('connection', (rawSocket: { request: IncomingMessage | null }) => {
    rawSocket.request = null;
  });
  return io;
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

  io.on('connection', (socket: PitchsideSocket) => {
    socket.data.matches = new Set();
    socket.data.scoreboards = new Set();
    // Room for a reconnect that resubscribes everything at once; a sustained flood is refused.
    const bucket = new TokenBucket(2 * MAX_SUBSCRIPTIONS_PER_SOCKET, 20);

    socket.use(([event, ...args], next) => {
      const ack = args.at(-1);
      const refuse = (error: PitchsideError) =>
        typeof ack === 'function' ? ack({ error: error.toBody() }) : undefined;
      if (!bucket.take()) return refuse(new PitchsideError('request:rate-limited'));
      if (!Object.values(EVENTS).includes(event as never)) {
        return refuse(
          new PitchsideError(
            'request:invalid',
            `Unknown event ${JSON.stringify(String(event)).slice(0, 80)}.`,
          ),
        );
      }
      next();
    });

    const subscriptionCount = () => socket.data.matches.size + socket.data.scoreboards.size;

    socket.on(
      'match:subscribe',
      guarded(
        MatchSubscribeSchema,
        async ({ matchId, since }): Promise<MatchSubscribeResult> => {
          const already = socket.data.matches.has(matchId);
          if (!already && subscriptionCount() >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
            throw new PitchsideError(
              'subscription:limit',
              `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection.`,
            );
          }
          // Join first, read second: a delta published in between reaches the client live (and is a harmless
          // duplicate if the read includes it too); reading first could lose it.
          await matchFanout.join(matchId, socket.conn);
          socket.data.matches.add(matchId);
          const position = await matches.position(matchId);
          if (!position) {
            matchFanout.leave(matchId, socket.conn);
            socket.data.matches.delete(matchId);
            throw new PitchsideError('match:not-found', `No match has the id ${matchId}.`);
          }
          if (since && since.epoch === position.epoch && since.seq <= position.seq) {
            const deltas = await matches.deltasAfter(matchId, since.seq, position.seq);
            if (deltas) return { kind: 'deltas', epoch: position.epoch, seq: position.seq, deltas };
          }
          const found = await matches.detail(matchId);
          if (!found) throw new PitchsideError('match:not-found', `No match has the id ${matchId}.`);
          return { kind: 'snapshot', epoch: found.epoch, seq: found.seq, detail: found.detail };
        },
        unexpected,
      ),
    );

    socket.on(
      'match:unsubscribe',
      guarded(
        MatchUnsubscribeSchema,
        async ({ matchId }) => {
          if (!socket.data.matches.delete(matchId)) {
            throw new PitchsideError('subscription:not-subscribed', `Not subscribed to match ${matchId}.`);
          }
          matchFanout.leave(matchId, socket.conn);
          return { matchId };
        },
        unexpected,
      ),
    );

    socket.on(
      'scoreboard:subscribe',
      guarded(
        ScoreboardSubscribeSchema,
        async ({ scope }): Promise<ScoreboardSnapshot> => {
          const room = scoreboardRoom(scope);
          if (!socket.data.scoreboards.has(room) && subscriptionCount() >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
            throw new PitchsideError(
              'subscription:limit',
              `At most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection.`,
            );
          }
          await socket.join(room);
          socket.data.scoreboards.add(room);
          // Listen before reading, as for matches: an update in between arrives live rather than never.
          await scoreboardFanout.activate(scope);
          const entries = (await matches.entries(await idsInScope(matches, scope))).sort(byKickoff);
          scoreboardFanout.track(room, entries);
          return { room, entries };
        },
        unexpected,
      ),
    );

    socket.on(
      'scoreboard:unsubscribe',
      guarded(
        ScoreboardSubscribeSchema,
        async ({ scope }) => {
          const room = scoreboardRoom(scope);
          if (!socket.data.scoreboards.delete(room)) {
            throw new PitchsideError('subscription:not-subscribed', `Not subscribed to ${room}.`);
          }
          await socket.leave(room);
          return { room };
        },
        unexpected,
      ),
    );

    socket.on('disconnect', () => {
      for (const matchId of socket.data.matches) matchFanout.leave(matchId, socket.conn);
      socket.data.matches.clear();
    });
  });
}
