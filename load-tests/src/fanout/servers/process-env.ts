import type { ServerKind } from '../ipc.ts';

/**
 * What each server's process is started with besides the benchmark's own environment. The gateway gets what
 * `npm start` gives it (scripts/start.mjs), so its memory row is what a running gateway holds:
 * `MALLOC_ARENA_MAX=2` caps glibc at two malloc arenas instead of up to eight per core (one per thread that
 * allocates: V8's GC helpers, libuv's pool). With it the gateway held about 1 KiB less RSS per viewer at
 * 10,000 viewers (8.2 against 9.3 KiB, six runs each), mostly in the main malloc heap; heap and CPU did not
 * change (BENCHMARKS.md, "Memory"). The two baselines run as Node's defaults do.
 */
export const SERVER_ENV: Readonly<Record<ServerKind, Readonly<Record<string, string>>>> = {
  'bare-ws': {},
  'socketio-default': {},
  'pitchside-gateway': { MALLOC_ARENA_MAX: '2' },
};
