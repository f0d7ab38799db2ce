import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { freePort } from './redis-server.ts';
import { externalServerEnv } from './server-env.ts';

/** Whether `redis-server` and `redis-cli` are on the PATH (a cluster is created with `redis-cli --cluster`). */
export function redisClusterToolsMissing(): string[] {
  return ['redis-server', 'redis-cli'].filter(
    (tool) => spawnSync(tool, ['--version'], { stdio: 'ignore', env: externalServerEnv() }).status !== 0,
  );
}

/**
 * A private, throwaway Redis Cluster of three masters (no replicas), without persistence, on free ports and
 * in a temporary folder of its own: never the shared Redis on 6379, which other tests use. Created the way
 * an operator would (`redis-cli --cluster create`), ready once every node says `cluster_state:ok`.
 */
export class PrivateRedisCluster {
  private readonly children: ChildProcess[] = [];

  private constructor(
    readonly ports: readonly number[],
    private readonly dir: string,
  ) {}

  static async start(masters = 3): Promise<PrivateRedisCluster> {
    const dir = mkdtempSync(path.join(tmpdir(), 'pitchside-cluster-'));
    const ports: number[] = [];
    while (ports.length < masters) {
      const port = await freePort();
      // The cluster bus listens on port + 10000: keep clear of it too.
      if (port + 10_000 < 65_536 && !ports.includes(port)) ports.push(port);
    }
    const cluster = new PrivateRedisCluster(ports, dir);
    try {
      await cluster.up();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** Startup nodes as ioredis's Cluster and REDIS_CLUSTER_NODES take them. */
  get nodes(): { host: string; port: number }[] {
    return this.ports.map((port) => ({ host: '127.0.0.1', port }));
  }

  /** `127.0.0.1:P1,127.0.0.1:P2,...` */
  get nodesEnv(): string {
    return this.ports.map((port) => `127.0.0.1:${port}`).join(',');
  }

  /** A plain connection to one node (for PUBSUB SHARDNUMSUB and CLUSTER commands, which are per node). */
  node(port: number): Redis {
    const redis = new Redis({ host: '127.0.0.1', port, lazyConnect: false });
    redis.on('error', () => {});
    return redis;
  }

  /** A Cluster client; the caller disconnects it. */
  connect(options: { shardedSubscribers?: boolean } = {}): Cluster {
    const cluster = new Cluster(this.nodes, options);
    cluster.on('error', () => {});
    return cluster;
  }

  /** The master port serving each slot range: `slotOwner(slot)`. */
  async slotOwner(slot: number): Promise<number> {
    const probe = this.node(this.ports[0]!);
    try {
      const ranges = (await probe.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
      const range = ranges.find(([from, to]) => slot >= from && slot <= to);
      if (!range) throw new Error(`slot ${slot} is served by no node`);
      return range[2][1];
    } finally {
      probe.disconnect();
    }
  }

  async keySlot(key: string): Promise<number> {
    const probe = this.node(this.ports[0]!);
    try {
      return (await probe.call('CLUSTER', 'KEYSLOT', key)) as number;
    } finally {
      probe.disconnect();
    }
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.children.map((child) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      }),
    );
    this.children.length = 0;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private async up(): Promise<void> {
    for (const port of this.ports) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(this.dir, `nodes-${port}.conf`),
          '--cluster-node-timeout',
          '2000',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          this.dir,
        ],
        { stdio: 'ignore', env: externalServerEnv() },
      );
      this.children.push(child);
    }
    await Promise.all(this.ports.map((port) => this.waitFor(port, async (r) => (await r.ping()) === 'PONG')));
    const create = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...this.ports.map((port) => `127.0.0.1:${port}`),
        '--cluster-replicas',
        '0',
        '--cluster-yes',
      ],
      { encoding: 'utf8', timeout: 20_000, env: externalServerEnv() },
    );
    if (create.status !== 0)
      throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
    await Promise.all(
      this.ports.map((port) =>
        this.waitFor(port, async (r) => /cluster_state:ok/.test((await r.call('CLUSTER', 'INFO')) as string)),
      ),
    );
  }

  private async waitFor(port: number, ok: (redis: Redis) => Promise<boolean>): Promise<void> {
    const probe = new Redis({
      host: '127.0.0.1',
      port,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    probe.on('error', () => {});
    const deadline = Date.now() + 15_000;
    try {
      for (;;) {
        try {
          if (probe.status !== 'ready') await probe.connect();
          if (await ok(probe)) return;
        } catch {
          // not up yet: try again
        }
        if (Date.now() > deadline) throw new Error(`Redis Cluster node ${port} not ready in 15 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      probe.disconnect();
    }
  }
}
