import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv } from '../config/env.ts';
import { RpcClient } from './ipc.ts';

/** The benchmark's child processes: pinned to a core, talked to over IPC, killed when we exit however we exit. */

const TSX_LOADER = import.meta.resolve('tsx');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
const interruptHooks: (() => Promise<unknown>)[] = [];
/** Work to do (briefly) before exiting on Ctrl-C or SIGTERM, such as deleting the run's Redis keys. */
export function onInterrupt(hook: () => Promise<unknown>): void {
  interruptHooks.push(hook);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping children`);
    for (const child of children) child.kill('SIGKILL');
    const hooks = Promise.allSettled(interruptHooks.map((hook) => hook()));
    void Promise.race([hooks, sleep(3_000)]).then(() => process.exit(130));
  });
}

export function spawnPinned<Api, Events>(
  core: number,
  script: string,
  args: string[],
  label: string,
  env: Readonly<Record<string, string>> = {},
) {
  const child = spawn(
    'taskset',
    ['-c', String(core), process.execPath, '--expose-gc', '--import', TSX_LOADER, script, ...args],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: childEnv(env),
    },
  );
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (code !== 0 && signal !== 'SIGKILL') console.error(`${label} exited with ${code ?? signal}`);
  });
  const rpc = new RpcClient<Api, Events>(child, label);
  return { child, rpc };
}

export function waitForEvent<T>(
  subscribe: (fn: (data: T) => void) => void,
  child: ChildProcess,
  label: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label}: not ready within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}) before it was ready`)));
    subscribe((data) => (clearTimeout(timer), resolve(data)));
  });
}

export async function stopChild(child: ChildProcess, stop: () => Promise<unknown>): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  await Promise.race([stop().catch(() => undefined), sleep(5_000)]);
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
