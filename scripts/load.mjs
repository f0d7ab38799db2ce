#!/usr/bin/env node
// `npm run load -- <script> [k6 run options]`: runs a k6 script of load-tests/k6 with the k6 it finds, against
// BASE_URL when it is set, otherwise against a stack it starts the way `npm start` does (on free ports, its own
// Redis database and a fresh embedded database), and prints k6's summary. Exits with k6's status: a failed
// threshold fails the command.
// `npm run load -- --smoke`: every script, each for well under a minute with a few dozen viewers or requests
// per second, against one stack (what CI runs). `npm run load -- --which`: the k6 it would use.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findK6 } from './lib/k6.mjs';
import { launcherEnv } from './lib/env.mjs';
import { ensureDependencies } from './lib/deps.mjs';
import { ensureRedis, flushRedisDatabase } from './lib/redis.mjs';
import { waitForHttp } from './lib/services.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPTS = ['match-day', 'browse', 'sign-in-storm', 'soak'];

/**
 * The smoke: short and small, so all four take about three minutes, yet each crosses what its thresholds judge
 * (deltas of live matches, every browsing page, logins with wrong passwords and refreshes, viewers coming and
 * going with the metrics probe on).
 */
const SMOKE = {
  'match-day': {
    PEAK_VUS: 40,
    SPIKE_SECONDS: 3,
    FIRST_HALF: '10s',
    HALF_TIME: '5s',
    DRIFT: '5s',
    HOLD_SECONDS: 10,
  },
  browse: { RATE: 30, DURATION: '30s' },
  // argon2id (m=64 MiB, t=3) costs about 0.2 s of CPU a login: a 2-core machine signs in about 8 a second.
  'sign-in-storm': { ACCOUNTS: 40, PEAK_RPS: 5, RAMP_SECONDS: 5, HOLD: '20s' },
  soak: { SOAK_VUS: 30, RAMP: '5s', SOAK_DURATION: '30s', STAY_SECONDS: 8, PROBE_EVERY_S: 5 },
};

const args = process.argv.slice(2);
const smoke = args[0] === '--smoke';
const launcher = launcherEnv();
const k6 = findK6(root, launcher);
if (args[0] === '--which') {
  console.log(k6.path ? `${k6.path} (${k6.version})` : `No k6 found: ${k6.why}`);
  process.exit(k6.path ? 0 : 2);
}
if (!smoke && (args.length === 0 || args[0].startsWith('-'))) {
  console.error(
    `Usage: npm run load -- <${SCRIPTS.join('|')}> [k6 run options]   or   npm run load -- --smoke`,
  );
  process.exit(2);
}

if (!k6.path) {
  console.error(`No k6 found: ${k6.why}`);
  process.exit(2);
}
console.log(`k6: ${k6.path} (${k6.version})`);

/** A TCP port nobody listens on now. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/** Starts `npm start`'s launcher on free ports; resolves the base URL once live matches are listed. */
async function startStack() {
  const env = launcher;
  ensureDependencies(root);
  await ensureRedis(env.REDIS_URL);
  ensureWebBuild(root);
  const redisUrl = new URL(env.REDIS_URL);
  redisUrl.pathname = `/${env.LOAD_REDIS_DB ?? '14'}`;
  await flushRedisDatabase(redisUrl.href);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pitchside-load-'));
  const [port, simPort, metricsPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      SIM_PORT: String(simPort),
      METRICS_PORT: String(metricsPort),
      REDIS_URL: redisUrl.href,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // k6 is the proxy: each simulated visitor sends its own address in X-Forwarded-For, as fans behind a
      // balancer arrive from many addresses (load-tests/README.md, "Addresses").
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    }).then(() => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const live = async () => {
    const res = await fetch(`${url}/api/matches/live`).catch(() => null);
    return res?.ok ? ((await res.json()).data ?? []).length > 0 : false;
  };
  let up = await waitForHttp(`${url}/api/health`, { attempts: 400, everyMs: 300, shouldStop: exited });
  for (let i = 0; up && i < 200 && !(await live()); i++) await new Promise((r) => setTimeout(r, 300));
  up = up && (await live());
  if (!up) {
    await stop();
    throw new Error('the stack did not come up with live matches within two minutes');
  }
  console.log(`Pitchside for the load test: ${url}`);
  return { url, stop };
}

/** Runs k6 on one script; resolves its exit status. */
function runK6(script, baseUrl, extraEnv, k6Args) {
  const envArgs = Object.entries({ BASE_URL: baseUrl, ...extraEnv }).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const file = path.join(root, 'load-tests/k6', `${script.replace(/\.ts$/, '')}.ts`);
  console.log(`\n== k6 run ${path.relative(root, file)} ${envArgs.join(' ')} ${k6Args.join(' ')}`);
  const child = spawn(k6.path, ['run', ...envArgs, ...k6Args, file], {
    cwd: root,
    stdio: 'inherit',
    env: { ...launcher, K6_NO_USAGE_REPORT: 'true' },
  });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const given = launcher.BASE_URL;
let stack = null;
try {
  if (!given) stack = await startStack();
} catch (error) {
  console.error(`\nThe load test cannot run: ${error.message}`);
  process.exit(1);
}
const baseUrl = given ?? stack.url;
const results = [];
try {
  if (smoke) {
    // --quiet: no progress line every second in CI's log; the summary and the verdict stay.
    for (const script of SCRIPTS)
      results.push([script, await runK6(script, baseUrl, SMOKE[script], ['--quiet'])]);
  } else {
    results.push([args[0], await runK6(args[0], baseUrl, {}, args.slice(1))]);
  }
} finally {
  await stack?.stop();
}
if (results.length > 1) {
  console.log('\n== k6 verdicts');
  for (const [script, status] of results)
    console.log(`  ${script}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`}`);
}
process.exit(results.every(([, status]) => status === 0) ? 0 : 1);
