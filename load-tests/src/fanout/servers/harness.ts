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

/** How long `memory()` lets V8's background threads release freed pages before it reads RSS. */
const PAGE_RELEASE_WAIT_MS = 500;

/** Every server under test is started the same way: config in argv, RPC over IPC, Redis from config. */
export async function runServer(start: (config: ServerConfig) => Promise<StartedServer>): Promise<void> {
  const config = JSON.parse(process.argv[2] ?? '{}') as ServerConfig;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run the server with node --expose-gc: memory per connection needs global.gc()');

  const server = await start(config);
  serveRpc<ServerApi>({
    async memory() {
      // Twice: the first full GC can leave garbage that only finalizers released.
      gc();
      gc();
      const { heapUsed, external, arrayBuffers } = process.memoryUsage();
      // V8 gives the pages a full GC emptied back to the OS from a background thread, which on the one core the
      // server is pinned to runs only once this handler yields: RSS read at once was up to 25 MB (2.5 KiB per
      // viewer at 10,000) higher than 100 ms later, and stable from then on.
      await new Promise((resolve) => setTimeout(resolve, PAGE_RELEASE_WAIT_MS));
      return { rss: process.memoryUsage.rss(), heapUsed, external, arrayBuffers };
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
