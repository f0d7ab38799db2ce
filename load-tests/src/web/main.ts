import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { harnessEnv } from '../config/env.ts';
import { neighbourCpuPercent, readProcessTicks, waitForQuiet } from '../fanout/host-cpu.ts';
import { canPin, liveMatches, startBenchStack, type BenchStack } from './bench-stack.ts';
import { firstViewFromFetched, firstViewFromHtml, type Manifest } from './first-view-js.ts';
import { medianRun, runLighthouse, withChrome, type LighthouseRun } from './lighthouse-audit.ts';
import { environment, TARGETS, writeReport, type PageReport } from './report.ts';
import { BROWSER_HEADERS, loadPage } from './ssr-latency.ts';

/**
 * `npm run bench:web`: starts the whole stack on free ports, then measures three pages of the built site
 * as a visitor gets them: Lighthouse scores (mobile, median of N runs for performance), the JavaScript
 * the first view downloads (gzipped), and server render latency under concurrent load. Prints a table
 * and writes load-tests/results/web-<timestamp>.{json,md}.
 */

const USAGE = `npm run bench:web -- [--runs 3] [--pages home,live-matches,match] [--duration 10]
  [--connections 50] [--no-build] [--web-dist web/dist-perf] [--reports] [--chrome /usr/bin/chromium]
  [--redis redis://127.0.0.1:6379]
  --pages: any of home, live-matches, match (a live match from GET /api/matches/live), or paths such as /de/faq
  --runs 0 skips Lighthouse (first-view JS then comes from the HTML); --duration 0 skips the server load
  --no-build measures web/dist as it is, without rebuilding it when a source is newer
  --web-dist (or PITCHSIDE_WEB_DIST) measures another build (client/ and server/) as it is, never rebuilt
  --reports also writes every Lighthouse report (JSON) to load-tests/results/lighthouse-<timestamp>/`;

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: 'home,live-matches,match' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    chrome: { type: 'string', default: harnessEnv.chromiumPath },
    redis: { type: 'string', default: harnessEnv.redisUrl },
    'no-build': { type: 'boolean', default: false },
    'web-dist': { type: 'string', default: harnessEnv.webDist },
    reports: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

const count = (name: string, raw: string | undefined, min: number): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`--${name} must be an integer >= ${min}, got ${raw}\n${USAGE}`);
  return n;
};

const NAMED_PAGES = ['home', 'live-matches', 'match'] as const;
const pinned = canPin() && cpus().length >= 2;
const options = {
  runs: count('runs', flags.runs, 0),
  pages: (flags.pages ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      if (p.startsWith('/') || (NAMED_PAGES as readonly string[]).includes(p)) return p;
      throw new Error(`unknown page ${p}\n${USAGE}`);
    }),
  durationS: count('duration', flags.duration, 0),
  connections: count('connections', flags.connections, 1),
  warmupS: 2,
  singleS: 3,
  chromePath: flags.chrome ?? '/usr/bin/chromium',
  redisUrl: flags.redis ?? 'redis://127.0.0.1:6379',
  build: !flags['no-build'],
  reports: flags.reports ?? false,
  // Relative to where `npm run` was typed (npm runs the script from load-tests/ and says where in INIT_CWD).
  webDist: flags['web-dist'] ? path.resolve(harnessEnv.invokedFrom, flags['web-dist']) : null,
  seed: 20250614,
  timeScale: 1,
  gatewayCore: pinned ? 0 : null,
  loadCore: pinned ? 1 : null,
};

interface Target {
  name: string;
  path: string;
}

/** The named pages' paths: the live match is the one that kicked off last, so it stays live the longest. */
async function resolvePages(stack: BenchStack): Promise<Target[]> {
  const live = await liveMatches(stack.url);
  const latest = [...live].sort((a, b) => Date.parse(b.match.kickoff) - Date.parse(a.match.kickoff))[0];
  return options.pages.map((page) => {
    if (page === 'home') return { name: page, path: '/en' };
    if (page === 'live-matches') return { name: page, path: '/en/live-matches' };
    if (page === 'match') {
      if (!latest) throw new Error('no live match to open');
      return { name: page, path: `/en/match/${latest.match.id}` };
    }
    return { name: page, path: page };
  });
}

async function fetchHtml(url: string): Promise<string> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, not 200`);
  return response.text();
}

function chromeVersion(): string {
  const out = spawnSync(options.chromePath, ['--version'], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.trim() : `${options.chromePath} (version unknown)`;
}

/** A process and all its descendants (from /proc/<pid>/stat's ppid): Chrome and its renderers. */
function processTree(root: number): Set<number> {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // Exited meanwhile.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents)
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return tree;
}

/** Lighthouse sometimes loses the trace on a loaded machine (NO_NAVSTART and the like): try again once. */
const LIGHTHOUSE_ATTEMPTS = 2;

async function lighthousePhase(stack: BenchStack, targets: Target[], startedAt: Date) {
  const reportDir = fileURLToPath(
    new URL(`../../results/lighthouse-${startedAt.toISOString().replace(/[:.]/g, '-')}/`, import.meta.url),
  );
  const results = new Map<string, { runs: LighthouseRun[]; neighbours: number[]; errors: string[] }>(
    targets.map((t) => [t.path, { runs: [], neighbours: [], errors: [] }]),
  );
  // Round-robin, so a burst from a neighbour hits one run of several pages rather than every run of one.
  for (let run = 1; run <= options.runs; run++) {
    for (const target of targets) {
      const page = results.get(target.path)!;
      for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
        try {
          // A fresh Chrome per run, as the Lighthouse CLI does: nothing of the last page (its socket, its
          // timers) is still running, and a Chrome that lost a trace is not asked again.
          const { result, neighbours } = await withChrome(options.chromePath, async (chrome) => {
            const before = readProcessTicks();
            const started = Date.now();
            const result = await runLighthouse(
              `${stack.url}${target.path}`,
              chrome.port,
              options.reports
                ? path.join(reportDir, `${target.name.replace(/\W+/g, '_')}-${run}.json`)
                : undefined,
            );
            const ours = new Set([...stack.pids, ...processTree(chrome.pid)]);
            return {
              result,
              neighbours: neighbourCpuPercent(before, readProcessTicks(), ours, Date.now() - started),
            };
          });
          page.neighbours.push(neighbours);
          page.runs.push(result);
          console.log(
            `   lighthouse ${run}/${options.runs} ${target.path}: ` +
              Object.entries(result.scores)
                .map(([c, s]) => `${c} ${s}`)
                .join(', ') +
              ` (${(result.durationMs / 1000).toFixed(1)} s)`,
          );
          break;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          page.errors.push(message);
          console.log(
            `   lighthouse ${run}/${options.runs} ${target.path}: failed (attempt ${attempt}): ${message}`,
          );
        }
      }
    }
  }
  return results;
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const startedAt = new Date();
  console.log('== starting the stack (Redis, build check, simulated game API, ingest, gateway)');
  const stack = await startBenchStack(options);
  const pages: PageReport[] = [];
  try {
    const targets = await resolvePages(stack);
    console.log(`   up at ${stack.url}; pages: ${targets.map((t) => t.path).join(', ')}`);

    // Warm up: the renderer is imported on the first page request, and V8 optimises on the next few.
    for (const target of targets) for (let i = 0; i < 20; i++) await fetchHtml(`${stack.url}${target.path}`);

    const clientDir = path.join(stack.webDist, 'client');
    const manifest = JSON.parse(
      readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;

    let lighthouse: Awaited<ReturnType<typeof lighthousePhase>> | null = null;
    if (options.runs > 0) {
      console.log(`== Lighthouse, ${options.runs} run(s) per page`);
      lighthouse = await lighthousePhase(stack, targets, startedAt);
    }

    for (const target of targets) {
      const jsFromHtml = firstViewFromHtml(
        await fetchHtml(`${stack.url}${target.path}`),
        manifest,
        clientDir,
      );
      const lh = lighthouse?.get(target.path);
      const median = lh && lh.runs.length > 0 ? medianRun(lh.runs) : null;
      pages.push({
        name: target.name,
        path: target.path,
        lighthouse:
          lh && median
            ? { runs: lh.runs, median, neighbourCpuPercent: lh.neighbours, errors: lh.errors }
            : null,
        lighthouseErrors: lh?.errors ?? [],
        js: median ? firstViewFromFetched(median.scripts, stack.url, clientDir) : jsFromHtml,
        jsFromHtml,
        latency: null,
      });
    }

    if (options.durationS > 0) {
      console.log(
        `== server render: ${options.connections} connections for ${options.durationS} s, then 1 for ${options.singleS} s, per page`,
      );
      for (const page of pages) {
        const quiet = await waitForQuiet(stack.pids, 15_000);
        if (quiet.waitedMs > 1_500)
          console.log(
            `   waited ${(quiet.waitedMs / 1000).toFixed(0)} s for neighbours (${quiet.neighbourPercent.toFixed(0)}%)`,
          );
        const url = `${stack.url}${page.path}`;
        const loaded = await loadPage(
          url,
          { connections: options.connections, durationS: options.durationS, warmupS: options.warmupS },
          options.loadCore,
          stack.pids,
        );
        const single = await loadPage(
          url,
          { connections: 1, durationS: options.singleS, warmupS: 0 },
          options.loadCore,
          stack.pids,
        );
        page.latency = { single, loaded };
        console.log(
          `   ${page.path}: ${options.connections} conns p50 ${loaded.latencyMs.p50} ms, p99 ${loaded.latencyMs.p99} ms, ` +
            `${loaded.requestsPerSec.toFixed(0)} req/s; 1 conn p50 ${single.latencyMs.p50} ms`,
        );
      }
    }
  } finally {
    await stack.stop();
  }

  const { text, json, markdown } = await writeReport({
    startedAt: startedAt.toISOString(),
    command: ['npm run bench:web --', ...process.argv.slice(2)].join(' '),
    options,
    environment: await environment(chromeVersion()),
    targets: TARGETS,
    pages,
  });
  console.log(`\n${text}\n\nresults: ${json}\nmarkdown: ${markdown}`);
}

// The backstop: every Lighthouse run takes well under a minute, every load phase its duration plus a bit.
const deadline = setTimeout(
  () => {
    console.error('bench:web: overall deadline passed, giving up');
    process.exit(2);
  },
  180_000 +
    options.pages.length * (options.runs * 90_000 + (options.durationS + options.singleS + 30) * 1_000),
);
deadline.unref();

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
