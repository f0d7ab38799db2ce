import { createServer } from 'node:http';
import type { Socket } from 'node:net';
import * as wsModule from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { redisKeys } from '@pitchside/shared/redis-keys';
import { connectRedis, fail, runServer } from './harness.ts';

/**
 * Baseline (a): the least a Node server can do to fan one message out: a plain `ws` server that
 * frames each delta ONCE and writes the same frame buffers to every socket. `ws` has no public
 * broadcast API for this; `Sender.frame()` was made static for exactly this use
 * (https://github.com/websockets/ws/issues/617, https://github.com/websockets/ws/pull/1016), and
 * writing the frame list straight to the socket is what `Sender#sendFrame` does (cork, write, uncork).
 * Socket.IO takes the same shortcut (socket.io-adapter `_encode` -> engine.io `wsPreEncodedFrame`),
 * so the gap to (b) is Socket.IO's per-socket bookkeeping, not the framing.
 */

// Untyped members of ws (not in @types/ws): the static framer and the raw socket under a WebSocket.
interface FrameOptions {
  fin: boolean;
  rsv1: boolean;
  opcode: number;
  mask: boolean;
  readOnly: boolean;
}
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: FrameOptions): Buffer[] };
};
const rawSocket = (ws: WebSocket): Socket | undefined => (ws as unknown as { _socket?: Socket })._socket;

runServer(async (config) => {
  const keys = redisKeys(config.prefix);
  const httpServer = createServer();
  const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false, clientTracking: true });
  wss.on('connection', (ws) => ws.on('error', () => ws.terminate()));

  const subscriber = connectRedis(config.redisUrl, 'bench-bare-ws-sub');
  subscriber.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
    // Copy once: the parser may hand us a view into a buffer it reuses, and slow sockets keep
    // a reference to what we write until the kernel takes it.
    const frame = Sender.frame(Buffer.from(message), {
      fin: true,
      rsv1: false,
      opcode: 1,
      mask: false,
      readOnly: false,
    });
    for (const ws of wss.clients) {
      const socket = rawSocket(ws);
      if (ws.readyState !== WebSocket.OPEN || !socket) continue;
      socket.cork();
      for (const part of frame) socket.write(part);
      socket.uncork();
    }
  });
  await subscriber.subscribe(keys.matchChannel(config.matchId));

  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const address = httpServer.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    async close() {
      subscriber.disconnect();
      for (const ws of wss.clients) ws.terminate();
      await new Promise((r) => wss.close(r));
      await new Promise((r) => httpServer.close(r));
    },
  };
}).catch(fail);
