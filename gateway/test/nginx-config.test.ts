import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchStore } from '@pitchside/ingest/pipeline/match-store';
import { testRedis, type TestRedis } from '@pitchside/test-support/redis';
import { connectClient, connected, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchDriver } from '@pitchside/test-support/faults/match-driver';
import { freePort } from '@pitchside/test-support/faults/redis-server';
import { externalServerEnv } from '@pitchside/test-support/faults/server-env';
import { Viewer } from '@pitchside/test-support/faults/viewer';
import { createApp, type App } from '../src/app.ts';

const nginxInstalled = spawnSync('nginx', ['-v'], { stdio: 'ignore', env: externalServerEnv() }).status === 0;
const CONF = new URL('../../infra/nginx/pitchside.conf', import.meta.url);

/**
 * infra/nginx/pitchside.conf, as written, in front of two real gateways (the upstream names replaced by their
 * loopback ports): WebSockets spread over both, a long-polling session works (pinned), /metrics is not public.
 * Skipped when nginx is not installed (`apt-get install nginx-light`).
 */
describe.skipIf(!nginxInstalled)('the nginx configuration', () => {
  let t: TestRedis;
  let driver: MatchDriver;
  const apps: App[] = [];
  let nginx: ChildProcess | null = null;
  let dir: string;
  let url: string;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await testRedis();
    driver = new MatchDriver(new MatchStore(t.redis, t.keys));
    await driver.tick();
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const app = await createApp({ redis: t.connect(), subscriber: t.connect(), keys: t.keys });
      await new Promise<void>((resolve) => app.httpServer.listen(0, '127.0.0.1', resolve));
      apps.push(app);
      ports.push((app.httpServer.address() as AddressInfo).port);
    }
    const port = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), 'pitchside-nginx-'));
    const site = readFileSync(CONF, 'utf8')
      .replaceAll('gateway-a:8080', `127.0.0.1:${ports[0]}`)
      .replaceAll('gateway-b:8080', `127.0.0.1:${ports[1]}`)
      .replace('listen 80;', `listen 127.0.0.1:${port};`);
    writeFileSync(path.join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((k) => `${k}_temp_path ${dir}/${k};`)
      .join(' ');
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;\n` +
        `events { worker_connections 256; }\n` +
        `http { access_log off; ${temp} include ${dir}/site.conf; }\n`,
    );
    const check = spawnSync('nginx', ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`], {
      encoding: 'utf8',
      env: externalServerEnv(),
    });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', 'daemon off;'], {
      stdio: 'ignore',
      env: externalServerEnv(),
    });
    url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (
        (await fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        )) === 200
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM'); // fast shutdown: no waiting for kept-alive connections
      await exited;
    }
    await Promise.all(apps.map((a) => a.close()));
    if (dir) rmSync(dir, { recursive: true, force: true });
    await t?.cleanup();
  });

  const open = async (transports: ('websocket' | 'polling')[]) => {
    const socket = connectClient(url, { transports });
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  it('spreads WebSocket viewers over both gateways', async () => {
    await Promise.all(Array.from({ length: 4 }, () => open(['websocket'])));
    expect(apps.map((a) => a.io.engine.clientsCount)).toEqual([2, 2]);
  });

  it('keeps a long-polling session on one gateway, and it receives deltas', async () => {
    const viewer = new Viewer(await open(['polling']), driver.matchId);
    await viewer.subscribe();
    for (let i = 0; i < 3; i++) await driver.tick();
    await expect.poll(() => viewer.position?.seq).toBe(driver.seq);
    expect(viewer.seqs()).toHaveLength(3);
  });

  it('does not serve /metrics publicly', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });
});
