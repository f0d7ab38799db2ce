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

/**
 * Spawns `node --import tsx <entry>` with `env` on top of ours and waits for the entry to print one line of
 * JSON `{"ready":true,...}` on stdout.
 */
export async function spawnService(
  entry: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
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
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(
      () => reject(new Error(`${entry} not ready in ${timeoutMs} ms:\n${err}`)),
      timeoutMs,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      for (const line of out.split('\n')) {
        if (!line.startsWith('{"ready":true')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line) as Record<string, unknown>);
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
    ready,
    stderr: () => err,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    exited,
  };
}
