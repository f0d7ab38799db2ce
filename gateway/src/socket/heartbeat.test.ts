import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { io as connect } from 'socket.io-client';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_PATH } from '@pitchside/shared/protocol';
import { createSocketServer, type PitchsideServer } from './socket-server.ts';

/** Engine.IO's heartbeat, made fast: the sweep must ping live clients on time and drop silent ones. */
const PING_INTERVAL = 100;
const PING_TIMEOUT = 100;

describe('heartbeats from one sweep', () => {
  let http: HttpServer;
  let io: PitchsideServer;
  let port: number;
  const closers: (() => void)[] = [];

  beforeEach(async () => {
    http = createServer();
    io = createSocketServer(http, {
      allowedOrigins: [],
      logger: pino({ level: 'silent' }),
      pingInterval: PING_INTERVAL,
      pingTimeout: PING_TIMEOUT,
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as AddressInfo).port;
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });

  it('keeps a client that answers pings connected, pinging it every interval', async () => {
    const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true });
    closers.push(() => client.disconnect());
    let pings = 0;
    const reasons: string[] = [];
    client.io.on('ping', () => pings++);
    client.on('disconnect', (reason) => reasons.push(reason));
    await new Promise((resolve) => client.once('connect', () => resolve(undefined)));

    // The client gives up after pingInterval + pingTimeout without a ping: 10 of those pass here.
    await new Promise((resolve) => setTimeout(resolve, 10 * (PING_INTERVAL + PING_TIMEOUT)));
    expect(reasons).toEqual([]);
    expect(client.connected).toBe(true);
    expect(pings).toBeGreaterThanOrEqual(15);
  });

  it('closes a connection that stops answering pings', async () => {
    // Engine.IO v4 by hand: open, join the main namespace, then never answer a ping ("2") with a pong ("3").
    const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`);
    closers.push(() => ws.terminate());
    const pings: number[] = [];
    ws.on('message', (data) => {
      const text = String(data);
      if (text.startsWith('0')) ws.send('40');
      if (text === '2') pings.push(Date.now());
    });
    await expect.poll(() => io.of('/').sockets.size).toBe(1);
    const joined = Date.now();
    const closed = await new Promise<number>((resolve) => ws.once('close', () => resolve(Date.now())));

    expect(pings).toHaveLength(1);
    // The first ping comes within an interval of joining; the pong timeout then runs out.
    expect(closed - joined).toBeLessThan(PING_INTERVAL + PING_TIMEOUT + 150);
    await expect.poll(() => io.engine.clientsCount).toBe(0);
  });
});
