import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A Node child process running a TypeScript entry through tsx, as `npm start` runs the services. */
export interface ServiceProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** What the entry printed on its `ready` line (e.g. its port). */
  readonly ready: Record<string, unknown>;
  /** stderr so far, for failure messages. */
  stderr(): string;
  /** SIGKILL: no shutdown hook runs, sockets are closed by the kernel, as when a machine dies. */
  kill(): Promise<void>;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  readonly exited: Promise<number | null>;
}

/** A line of JSON `{"ready":true,...}`, as the fault tests' entries print once they run. */
const readyLine = (line: string): Record<string, unknown> | undefined =>
  line.startsWith('{"ready":true') ? (JSON.parse(line) as Record<string, unknown>) : undefined;

/** A service's own entry (ingest/src/index.ts, gateway/src/index.ts) is ready on one of its pino log lines. */
export function logLineReady(msg: string) {
  return (line: string): Record<string, unknown> | undefined => {
    try {
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.msg === msg ? entry : undefined;
    } catch {
      return undefined;
    }
  };
}

/**
 * Spawns `node --import tsx <entry>` with `env` on top of ours and waits for the entry to print a line on
 * stdout that `ready` accepts (by default one line of JSON `{"ready":true,...}`; a service's own entry is
 * ready on one of its log lines).
 */
export async function spawnService(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
  ready: (line: string) => Record<string, unknown> | undefined = readyLine,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    err = (err + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const readied = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let out = '';
    // A service that never got ready is not left running behind the failed test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} not ready in ${timeoutMs} ms:\n${err}`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n');
      out = lines.pop() ?? '';
      for (const line of lines) {
        const found = ready(line);
        if (!found) continue;
        clearTimeout(timer);
        resolve(found);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited (${code}) before it was ready:\n${err}`));
    });
  });
  child.stdout!.resume();
  const signal = async (sig: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(sig);
    await exited;
  };
  return {
    child,
    pid: child.pid!,
    ready: readied,
    stderr: () => err,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    exited,
  };
}
