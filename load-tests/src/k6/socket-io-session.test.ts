import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { WebSocket } from 'ws';
import { socketUrl } from '../../k6/lib/engine-io.ts';
import { SocketIoSession } from '../../k6/lib/socket-io-session.ts';

/** The k6 session against a real Socket.IO 4 server, over Node's `ws` in place of k6's WebSocket. */
describe('SocketIoSession (k6 lib) against a real Socket.IO server', () => {
  let io: Server | null = null;
  afterEach(async () => {
    await new Promise((resolve) => io?.close(resolve) ?? resolve(undefined));
    io = null;
  });

  const serve = async (configure: (io: Server) => void): Promise<string> => {
    const http = createServer();
    io = new Server(http, { pingInterval: 50, pingTimeout: 100, transports: ['websocket'] });
    configure(io);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    return socketUrl(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);
  };

  it('connects, gets acks and pushes, and answers pings so the server keeps it', async () => {
    const url = await serve((io) =>
      io.on('connection', (socket) => {
        socket.on('match:subscribe', (payload: { matchId: string }, ack: (r: unknown) => void) => {
          ack({ data: { kind: 'snapshot', epoch: 'e', seq: 4, matchId: payload.matchId } });
          socket.emit('match:updated', { matchId: payload.matchId, epoch: 'e', seq: 5, at: 1 });
        });
      }),
    );
    const events: [string, unknown[]][] = [];
    const acks: unknown[] = [];
    let closed = '';
    const session = new SocketIoSession(new WebSocket(url), {
      onConnect: () => session.emit('match:subscribe', { matchId: '42' }, (r) => acks.push(r)),
      onEvent: (name, args) => events.push([name, args]),
      onClose: (reason) => (closed = reason),
    });
    await expect.poll(() => events.length).toBe(1);
    expect(session.state).toBe('connected');
    expect(session.sid).toMatch(/.+/);
    expect(acks).toEqual([{ data: { kind: 'snapshot', epoch: 'e', seq: 4, matchId: '42' } }]);
    expect(events[0]).toEqual(['match:updated', [{ matchId: '42', epoch: 'e', seq: 5, at: 1 }]]);
    expect(session.pendingAcks).toBe(0);
    // Pings every 50 ms with 100 ms to answer: alive after 400 ms only if every ping got its pong.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(session.pings).toBeGreaterThanOrEqual(4);
    expect(session.state).toBe('connected');
    expect(closed).toBe('');
    session.close();
    expect(closed).toBe('client close');
  });

  it('reports a refused connection and a server that goes away', async () => {
    const url = await serve((io) => io.use((_socket, next) => next(new Error('request:origin-forbidden'))));
    let closed = '';
    new SocketIoSession(new WebSocket(url), { onClose: (reason) => (closed = reason) });
    await expect.poll(() => closed).toBe('connect_error: request:origin-forbidden');

    await new Promise((resolve) => io!.close(resolve));
    const url2 = await serve((io) =>
      io.on('connection', (socket) => setTimeout(() => socket.disconnect(true), 20)),
    );
    let closed2 = '';
    const session = new SocketIoSession(new WebSocket(url2), { onClose: (reason) => (closed2 = reason) });
    await expect.poll(() => closed2).toBe('server close');
    expect(() => session.emit('x', {})).toThrow(/closed/);
  });
});
