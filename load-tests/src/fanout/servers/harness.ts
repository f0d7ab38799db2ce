import { Redis } from 'ioredis';
import {
  emitEvent,
  serveRpc,
  wallNow,
  type ServerApi,
  type ServerConfig,
  type ServerEvents,
} from '../ipc.ts';

export interface StartedServer {
  port: number;
  close(): Promise<void>;
}

/** Every server under test is started the same way: config in argv, RPC over IPC, Redis from config. */
export async function runServer(start: (config: ServerConfig) => Promise<StartedServer>): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as ServerConfig;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the server with node --expose-gc: memory per connection needs global.gc()');

  const server = await start(config);
  serveRpc<ServerApi>({
    memory() {
      // Twice: the first full GC can leave garbage that only finalizers released.
      gc();
      gc();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      return { rss, heapUsed, external, arrayBuffers };
    },
    cpu() {
      const { user, system } = process.cpuUsage();
      return { cpuMicros: user + system, at: wallNow() };
    },
    async stop() {
      await Promise.race([server.close(), new Promise((r) => setTimeout(r, 5_000))]);
      setImmediate(() => process.exit(0));
    },
  });
  emitEvent<ServerEvents, 'ready'>('ready', { port: server.port });
}

/** A Redis connection that reports failures instead of crashing the child silently. */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, { connectionName: name, maxRetriesPerRequest: null, lazyConnect: false });
  redis.on('error', (err) => console.error(`[${name}] redis error: ${err.message}`));
  return redis;
}

export function fail(err: unknown): never {
  console.error(err);
  process.exit(1);
}
