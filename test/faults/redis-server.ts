import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { externalServerEnv } from './server-env.ts';

/** Whether a `redis-server` binary is on the PATH (the Redis-restart test needs its own). */
export const redisServerInstalled = (): boolean =>
  spawnSync('redis-server', ['--version'], { stdio: 'ignore', env: externalServerEnv() }).status === 0;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A private, throwaway Redis on a free port, without persistence (`--save '' --appendonly no`): a restart
 * loses everything, the harshest case. Never the shared Redis on 6379, which other tests use.
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort());
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Stops the server (SIGKILL: a crash, nothing flushed) and starts a new, empty one on the same port. */
  async restart(downMs = 0): Promise<{ downMs: number }> {
    const started = Date.now();
    await this.down();
    if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
    await this.up();
    return { downMs: Date.now() - started };
  }

  async stop(): Promise<void> {
    await this.down();
  }

  /** SIGSTOP: the server keeps its connections but answers nothing (a hung Redis, a stalled VM). */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  /** SIGCONT: the frozen server answers again, everything it held intact. */
  thaw(): void {
    this.child?.kill('SIGCONT');
  }

  private async up(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore', env: externalServerEnv() },
    );
    this.child = child;
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') break;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not answer in 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }
    probe.disconnect();
  }

  private async down(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
}
