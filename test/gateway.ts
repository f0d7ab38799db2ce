import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@pitchside/shared/protocol';
import { createApp, type App, type AppOptions } from '@pitchside/gateway/app';
import type { AuthOptions } from '@pitchside/gateway/auth/auth-options';
import type { Db } from '@pitchside/gateway/db';
import { testDatabase } from './database.ts';
import type { TestRedis } from './redis.ts';

/** The token secret of test gateways; tests that forge tokens sign with it (or with a wrong one). */
export const TEST_AUTH_SECRET = 'test-secret-for-pitchside-gateways-0123456789';

export interface GatewayTestOptions extends Omit<AppOptions, 'auth'> {
  port?: number;
  /** The accounts' database; without it the gateway gets a fresh one of its own, dropped on close(). */
  db?: Db;
  /** Accounts options (short token lifetimes, SMTP, a password policy...); the secret defaults to TEST_AUTH_SECRET. */
  auth?: Partial<AuthOptions>;
}

export interface TestGateway {
  app: App;
  url: string;
  port: number;
  db: Db;
  /** The accounts options the gateway runs with (its secret included). */
  auth: AuthOptions;
  close(): Promise<void>;
}

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Starts a real gateway on a port (0 = any free one) against the test's Redis prefix, with the accounts on
 * a database of the test's own (a fresh PostgreSQL schema unless `options.db` is given).
 */
export async function startGateway(t: TestRedis, options: GatewayTestOptions = {}): Promise<TestGateway> {
  const own = options.db ? null : await testDatabase();
  const db = options.db ?? own!.db;
  const auth: AuthOptions = {
    secret: TEST_AUTH_SECRET,
    ...options.auth,
    // Tests register many accounts from one address: a generous registration limit unless the test sets one.
    throttle: { registerPerIp: { limit: 1000, windowS: 3600 }, ...options.auth?.throttle },
  };
  const app = await createApp(
    { redis: t.connect(), subscriber: t.connect(), keys: t.keys, db },
    { ...options, auth },
  );
  await new Promise<void>((resolve, reject) => {
    app.httpServer.once('error', reject);
    app.httpServer.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = app.httpServer.address() as AddressInfo;
  return {
    app,
    port,
    db,
    auth,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await own?.cleanup();
    },
  };
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
