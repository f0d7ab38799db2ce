import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Options } from 'autocannon';
import { neighbourCpuPercent, readProcessTicks } from '../fanout/host-cpu.ts';

/**
 * Server render latency: full SSR HTML GETs of a page, as a browser asks for it, from N keep-alive
 * connections for a while (autocannon, closed loop: each connection sends its next request when the last
 * answer arrived). The generator runs in its own process, on another core than the gateway when pinned.
 */

/** A desktop Chrome: not a crawler, so the server streams the shell as soon as it is ready. */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-GB,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br, zstd',
};

export interface LoadResult {
  connections: number;
  durationS: number;
  requests: number;
  requestsPerSec: number;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface PhaseResult extends LoadResult {
  /** CPU other processes on the machine used meanwhile, in % of one core (load-tests/src/fanout/host-cpu.ts). */
  neighbourCpuPercent: number;
}

const CHILD = fileURLToPath(new URL('./ssr-load-child.ts', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');

export async function loadPage(
  url: string,
  load: { connections: number; durationS: number; warmupS: number },
  core: number | null,
  ours: ReadonlySet<number>,
): Promise<PhaseResult> {
  const options: Options = {
    url,
    connections: load.connections,
    duration: load.durationS,
    headers: BROWSER_HEADERS,
    timeout: 10,
    ...(load.warmupS > 0 ? { warmup: { connections: load.connections, duration: load.warmupS } } : {}),
  };
  const node = [process.execPath, '--import', TSX_LOADER, CHILD, JSON.stringify(options)];
  const [command, ...args] = core === null ? node : ['taskset', '-c', String(core), ...node];
  const before = readProcessTicks();
  const started = Date.now();
  const child = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  try {
    const result = await new Promise<LoadResult>((resolve, reject) => {
      child.once('message', (message) => resolve(message as LoadResult));
      child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
      child.once('error', reject);
    });
    const neighbours = neighbourCpuPercent(
      before,
      readProcessTicks(),
      new Set([...ours, child.pid ?? -1]),
      Date.now() - started,
    );
    return { ...result, neighbourCpuPercent: neighbours };
  } finally {
    process.off('exit', kill);
    if (child.exitCode === null) kill();
  }
}
