import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSocketServer, type PitchsideServer } from './socket-server.ts';
import { slimSocket } from './idle-footprint.ts';
import { LibraryInternals } from './library-internals.ts';

/**
 * A slimmed connection must do everything an untouched one does: requests and acks, pushes to a room and to
 * everyone, every transport, and being forgotten exactly once when it closes (Engine.IO's client count and
 * table feed the `gateway_sockets` gauge).
 */
describe('a slimmed connection', () => {
  let http: HttpServer;
  let io: PitchsideServer;
  let url: string;
  let disconnects: string[];
  const clients: ClientSocket[] = [];

  beforeEach(async () => {
    http = createServer();
    io = createSocketServer(http, { allowedOrigins: [], logger: pino({ level: 'silent' }) });
    disconnects = [];
    io.on('connection', (socket) => {
      const raw = socket as unknown as {
        on(event: string, fn: (...args: never[]) => void): void;
      };
      raw.on('echo', (payload: unknown, ack: (reply: unknown) => void) => ack(payload));
      raw.on('join', (room: string, ack: () => void) => void Promise.resolve(socket.join(room)).then(ack));
      socket.on('disconnect', (reason) => disconnects.push(reason));
      slimSocket(socket, new LibraryInternals(true));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  const client = (transports: ('websocket' | 'polling')[] = ['websocket']) => {
    const c = connect(url, { transports, forceNew: true, reconnection: false });
    clients.push(c);
    return c as unknown as ClientSocket & {
      emitWithAck(event: string, ...args: unknown[]): Promise<unknown>;
    };
  };
  const openConnections = () => ({
    count: io.engine.clientsCount,
    table: Object.keys((io.engine as unknown as { clients: object }).clients).length,
  });

  it('answers requests, and receives pushes to its rooms and to everyone', async () => {
    const c = client();
    expect(await c.emitWithAck('echo', { n: 1 })).toEqual({ n: 1 });
    await c.emitWithAck('join', 'room:a');
    const pushes: unknown[] = [];
    c.on('pushed' as never, (value: unknown) => void pushes.push(value));
    (io.to('room:a') as unknown as { emit(e: string, v: unknown): void }).emit('pushed', 'to the room');
    (io as unknown as { emit(e: string, v: unknown): void }).emit('pushed', 'to everyone');
    await expect.poll(() => pushes).toEqual(['to the room', 'to everyone']);
  });

  it('reads messages whole, however the network splits them, one after another', async () => {
    const c = client();
    const big = 'x'.repeat(40_000); // several TCP reads, each frame masked by the client
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => c.emitWithAck('echo', { i, text: i % 3 ? big : 'small' })),
    );
    expect(replies).toEqual(Array.from({ length: 30 }, (_, i) => ({ i, text: i % 3 ? big : 'small' })));
  });

  it('works on long-polling, and after upgrading from it to WebSocket', async () => {
    const polling = client(['polling']);
    expect(await polling.emitWithAck('echo', 'polling')).toBe('polling');
    const upgrading = client(['polling', 'websocket']);
    expect(await upgrading.emitWithAck('echo', 'before')).toBe('before');
    await expect.poll(() => upgrading.io.engine.transport.name).toBe('websocket');
    expect(await upgrading.emitWithAck('echo', 'after')).toBe('after');
  });

  it('is forgotten once when the client leaves, and when the server closes it', async () => {
    const leaving = client();
    const closed = client();
    await Promise.all([leaving.emitWithAck('echo', 1), closed.emitWithAck('echo', 2)]);
    expect(openConnections()).toEqual({ count: 2, table: 2 });

    leaving.disconnect();
    await expect.poll(() => disconnects).toEqual(['client namespace disconnect']);
    await expect.poll(openConnections).toEqual({ count: 1, table: 1 });

    const seen = new Promise((resolve) => closed.once('disconnect', resolve));
    for (const socket of io.of('/').sockets.values()) socket.disconnect(true);
    expect(await seen).toBe('io server disconnect');
    await expect.poll(openConnections).toEqual({ count: 0, table: 0 });
    expect(disconnects).toEqual(['client namespace disconnect', 'server namespace disconnect']);
  });
});
