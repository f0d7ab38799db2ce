#!/usr/bin/env node
// `npm start`: the whole platform on localhost, on the simulated game API.
// Installs dependencies when missing, makes sure Redis answers, builds the website, then runs ingest
// (with the embedded simulator) and the gateway (serving the website), and prints the URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './lib/deps.mjs';
import { ensureRedis } from './lib/redis.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' };
const port = Number(env.PORT ?? 8080);
const url = `http://127.0.0.1:${port}`;

try {
  ensureDependencies(root);
  const redis = await ensureRedis(env.REDIS_URL);
  if (redis.started) console.log(`Started a local redis-server for ${env.REDIS_URL} (no persistence).`);
  ensureWebBuild(root);
} catch (error) {
  console.error(`\nPitchside cannot start: ${error.message}`);
  process.exit(1);
}

const children = [];
const levels = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * What each service gets besides the environment. The gateway holds one connection per viewer: capping
 * glibc at two malloc arenas (instead of up to eight per core) saves about 1 KiB of RSS per viewer
 * (BENCHMARKS.md, "Memory"; the fan-out benchmark starts it the same way).
 */
const SERVICE_ENV = { gateway: { MALLOC_ARENA_MAX: '2' }, ingest: {} };

/** Runs one service, printing its pino lines as `[name] level msg`. */
function run(name, script) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...env, ...SERVICE_ENV[name] },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      try {
        const { level, msg, time: _t, pid: _p, hostname: _h, name: _n, ...rest } = JSON.parse(line);
        const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
        console.log(`[${name}] ${levels[level] ?? level} ${msg}${extra}`);
      } catch {
        console.log(`[${name}] ${line}`);
      }
    });
  }
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[${name}] stopped (${signal ?? `exit ${code}`}); stopping Pitchside.`);
    stop(1);
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 5000);
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r))))).then(
    () => {
      clearTimeout(timer);
      process.exit(code);
    },
  );
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('ingest', 'ingest/src/index.ts');
run('gateway', 'gateway/src/index.ts');

for (let i = 0; i < 100 && !stopping; i++) {
  const ok = await fetch(`${url}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) {
    console.log(`\n  Pitchside is up: ${url}\n  Live matches:    ${url}/live-matches\n  Stop with Ctrl+C.\n`);
    break;
  }
  await new Promise((r) => setTimeout(r, 300));
}
