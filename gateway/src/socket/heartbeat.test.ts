import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { io as connect } from 'socket.io-client';
import WebSocket from 'ws';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_PATH } from '@pitchside/shared/protocol';
import { createSocketServer, type PitchsideServer } from './socket-server.ts';
import { HeartbeatSweep } from './heartbeat.ts';

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
    // Never answers a ping ("2") with a pong ("3").
    const pings: number[] = [];
    const ws = openEngineIo(port, (text) => {
      if (text === '2') pings.push(Date.now());
    });
    closers.push(() => ws.terminate());
    await expect.poll(() => io.of('/').sockets.size).toBe(1);
    const joined = Date.now();
    const closed = await new Promise<number>((resolve) => ws.once('close', () => resolve(Date.now())));

    expect(pings).toHaveLength(1);
    // The first ping comes within an interval of joining; the pong timeout then runs out.
    expect(closed - joined).toBeLessThan(PING_INTERVAL + PING_TIMEOUT + 150);
    await expect.poll(() => io.engine.clientsCount).toBe(0);
  });
});

/** Engine.IO v4 by hand: open a WebSocket, join the main namespace once the server says hello. */
function openEngineIo(port: number, onText: (text: string) => void): WebSocket {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}/?EIO=4&transport=websocket`);
  ws.on('message', (data) => {
    const text = String(data);
    if (text.startsWith('0')) ws.send('40');
    onText(text);
  });
  return ws;
}

describe('the sweep schedule', () => {
  afterEach(() => void vi.useRealTimers());

  /** The members of Engine.IO's socket the sweep uses, recording when it is pinged. */
  function fakeConnection(pings: number[], id: number) {
    return {
      protocol: 4,
      readyState: 'open',
      pingIntervalTimer: setTimeout(() => undefined, 25_000) as unknown,
      pingTimeoutTimer: null as unknown,
      sendPacket: () => void pings.push(id),
      resetPingTimeout: () => undefined,
    };
  }

  it('pings a connection an interval after it joins, then every interval; a crowded slot a few hundred per turn', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'performance'],
    });
    const sockets = new Map<string, { id: string; conn: ReturnType<typeof fakeConnection> }>();
    const sweep = new HeartbeatSweep(sockets as never, 25_000);
    const pings: number[] = [];
    vi.advanceTimersByTime(3_500); // joining mid-round
    for (let id = 0; id < 450; id++) {
      const socket = { id: `socket-${id}`, conn: fakeConnection(pings, id) };
      sockets.set(socket.id, socket);
      sweep.adopt(socket as never);
    }

    // Engine.IO's own timers are cleared, and the sweep comes back to their slot 24 to 25 s after they joined.
    vi.advanceTimersByTime(24_000);
    expect(pings).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(performance.now()).toBeLessThanOrEqual(3_500 + 25_000);
    expect(pings).toHaveLength(200);
    vi.advanceTimersToNextTimer(); // the next turn of the event loop
    expect(pings).toHaveLength(400);
    vi.advanceTimersToNextTimer();
    expect(new Set(pings).size).toBe(450);

    vi.advanceTimersByTime(25_000);
    expect(pings).toHaveLength(900);
    sweep.stop();
  });
});
