import { createServer } from 'node:http';
import { Server } from 'socket.io';
import {
  MatchSubscribeSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@pitchside/shared/protocol';
import type { MatchDelta } from '@pitchside/shared/domain';
import { PitchsideError } from '@pitchside/shared/errors';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { connectRedis, fail, runServer } from './harness.ts';

/**
 * Baseline (b): Socket.IO as the docs set it up, websocket only, no compression: viewers join a
 * room with `match:subscribe` and each delta goes out as `io.to(room).emit('match:updated', delta)`.
 * It speaks the Pitchside protocol (same subscribe, same ack shape) so one client drives (b) and (c),
 * but does none of the gateway's work (no snapshot read, no resume, no metrics).
 */
runServer(async (config) => {
  const keys = redisKeys(config.prefix);
  const room = `match:${config.matchId}`;
  const httpServer = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    perMessageDeflate: false,
    transports: ['websocket'],
  });

  io.on('connection', (socket) => {
    socket.on('match:subscribe', (payload, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = MatchSubscribeSchema.safeParse(payload);
      if (!parsed.success) return ack({ error: new PitchsideError('request:invalid').toBody() });
      if (parsed.data.matchId !== config.matchId)
        return ack({ error: new PitchsideError('match:not-found').toBody() });
      void socket.join(room);
      ack({ data: { kind: 'deltas', epoch: config.epoch, seq: 0, deltas: [] } });
    });
  });

  const subscriber = connectRedis(config.redisUrl, 'bench-socketio-sub');
  subscriber.on('message', (_channel: string, message: string) => {
    io.to(room).emit('match:updated', JSON.parse(message) as MatchDelta);
  });
  await subscriber.subscribe(keys.matchChannel(config.matchId));

  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    async close() {
      subscriber.disconnect();
      await io.close();
    },
  };
}).catch(fail);
