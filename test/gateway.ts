import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pitchside/shared/protocol';
import { createApp, type App, type AppOptions } from '../gateway/src/app.ts';
import type { TestRedis } from './redis.ts';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Starts a real gateway on a port (0 = any free one) against the test's Redis prefix. */
export async function startGateway(
  t: TestRedis,
  options: AppOptions & { port?: number } = {},
): Promise<{ app: App; url: string; port: number; close(): Promise<void> }> {
  const app = await createApp({ redis: t.connect(), subscriber: t.connect(), keys: t.keys }, options);
  await new Promise<void>((resolve, reject) => {
    app.httpServer.once('error', reject);
    app.httpServer.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = app.httpServer.address() as AddressInfo;
  return { app, port, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A real socket.io-client, websocket only, as the website connects. */
export function connectClient(
  url: string,
  options: { extraHeaders?: Record<string, string>; transports?: ('websocket' | 'polling')[] } = {},
): ClientSocket {
  return connect(url, {
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
    ...options,
  });
}

export const connected = (socket: ClientSocket): Promise<void> =>
  new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
