// Runs Pitchside's services as child processes for `npm start` and `npm run start:cluster`, printing their
// pino lines as `[name] level msg`. A service that crashes is started again with backoff (1 s, doubling to
// 30 s; back to 1 s once it has run a minute), so the site comes back on its own. One that dies within
// seconds of its first start, or crashes ten times in a row without running a minute, has a problem a restart
// will not fix (its configuration, a port taken): then everything stops, saying why. Ctrl+C stops them all.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const levels = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/**
 * @param {{ root: string, env: NodeJS.ProcessEnv, graceMs?: number }} options
 *   graceMs: how long `stop()` waits for the children after SIGTERM (a gateway drains its viewers first).
 */
export function createServiceRunner({ root, env, graceMs = 20_000, backoff = DEFAULT_BACKOFF }) {
  /** name -> { child, script, extraEnv, startedAt, crashes, everUp }; a child being restarted may exit freely. */
  const services = new Map();
  const restarting = new Set();
  let stopping = false;
  const children = () => [...services.values()].map((s) => s.child);

  /** Runs `node --import tsx <script>` with `extraEnv` on top of the environment (nothing once stopping). */
  function run(name, script, extraEnv = {}) {
    if (stopping) return null;
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const previous = services.get(name);
    services.set(name, {
      child,
      script,
      extraEnv,
      startedAt: Date.now(),
      crashes: previous?.crashes ?? 0,
      everUp: previous?.everUp ?? false,
    });
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
      if (stopping || restarting.has(name)) return;
      const service = services.get(name);
      const how = signal ?? `exit ${code}`;
      const ranMs = Date.now() - service.startedAt;
      if (ranMs >= backoff.healthyMs) service.crashes = 0;
      if (ranMs >= backoff.firstStartMs) service.everUp = true;
      service.crashes += 1;
      if (!service.everUp || service.crashes > backoff.maxCrashes) {
        const why = service.everUp ? `crashed ${service.crashes - 1} times in a row` : 'failed as it started';
        console.error(`[${name}] stopped (${how}) and ${why}; stopping Pitchside.`);
        return stop(1);
      }
      const delayMs = Math.min(backoff.firstMs * 2 ** (service.crashes - 1), backoff.maxMs);
      console.error(
        `[${name}] stopped (${how}); starting it again in ${delayMs / 1000} s (crash ${service.crashes}).`,
      );
      setTimeout(() => run(name, script, extraEnv), delayMs).unref();
    });
    return child;
  }

  /** Stops one service with SIGTERM (a gateway drains), waits for it to exit, and starts it again. */
  async function restart(name) {
    const service = services.get(name);
    if (!service || stopping) return;
    restarting.add(name);
    try {
      await new Promise((resolve) => {
        if (service.child.exitCode !== null || service.child.signalCode !== null) return resolve();
        service.child.once('exit', resolve);
        service.child.kill('SIGTERM');
      });
      if (!stopping) run(name, service.script, service.extraEnv);
    } finally {
      restarting.delete(name);
    }
  }

  const exited = (c) => c.exitCode !== null || c.signalCode !== null;

  /** SIGTERM to every child, then exit once they are gone (or after graceMs). */
  function stop(code = 0, before = async () => {}) {
    if (stopping) return;
    stopping = true;
    for (const child of children()) if (!exited(child)) child.kill('SIGTERM');
    const timer = setTimeout(() => process.exit(code), graceMs);
    Promise.all(children().map((c) => new Promise((r) => (exited(c) ? r() : c.once('exit', r)))))
      .then(before)
      .then(() => {
        clearTimeout(timer);
        process.exit(code);
      });
  }

  return {
    run,
    restart,
    stop,
    get stopping() {
      return stopping;
    },
  };
}

/**
 * Restart backoff: the first restart after `firstMs`, doubling to `maxMs`; a service that ran `healthyMs` is
 * healthy again (its next crash restarts after `firstMs`). One that exits within `firstStartMs` of its first
 * start never came up; past `maxCrashes` crashes in a row the runner gives up.
 */
export const DEFAULT_BACKOFF = {
  firstMs: 1000,
  maxMs: 30_000,
  healthyMs: 60_000,
  firstStartMs: 5000,
  maxCrashes: 10,
};

/** Polls `url` until it answers 2xx; false when `shouldStop()` turns true or after `attempts` tries. */
export async function waitForHttp(url, { attempts = 100, everyMs = 300, shouldStop = () => false } = {}) {
  for (let i = 0; i < attempts && !shouldStop(); i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}

/** The simulated game API's entry (`@pitchside/simulator`): `npm start`'s upstream unless PROVIDER says otherwise. */
export const SIMULATOR_ENTRY = 'ingest/simulator/src/main.ts';

/**
 * Starts the simulated game API as its own service when ingest is to read it (PROVIDER unset or `simulator`,
 * GAME_API_BASE_URL unset), on SIM_PORT (4010), and waits until it answers. Returns what ingest needs to find
 * it, or null when a real provider (or a simulator elsewhere) is configured. The gateway finds its streams
 * there through the same SIM_PORT.
 */
export async function startSimulator(services, env) {
  if ((env.PROVIDER ?? 'simulator') !== 'simulator' || env.GAME_API_BASE_URL) return null;
  const url = `http://127.0.0.1:${env.SIM_PORT ?? 4010}`;
  services.run('simulator', SIMULATOR_ENTRY);
  if (!(await waitForHttp(`${url}/`, { shouldStop: () => services.stopping }))) {
    if (!services.stopping) console.error(`[simulator] did not answer on ${url}; stopping.`);
    services.stop(1);
    return null;
  }
  return { url, ingestEnv: { GAME_API_BASE_URL: url } };
}
