import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { NEIGHBOUR_THRESHOLD_PERCENT } from '../fanout/host-cpu.ts';
import type { FirstViewJs } from './first-view-js.ts';
import type { Category, FailingAudit, LighthouseRun } from './lighthouse-audit.ts';
import type { PhaseResult } from './ssr-latency.ts';

/** What the site must reach (the lead's budget for the first release). */
export const TARGETS = {
  performance: 90,
  accessibility: 95,
  'best-practices': 95,
  seo: 100,
  /** First-view JavaScript, gzipped, in KiB (1 KiB = 1024 bytes). */
  jsKiB: 150,
  /** Server render under 50 concurrent connections. */
  p99Ms: 50,
} as const satisfies Record<Category, number> & Record<string, number>;

export interface PageReport {
  /** A short name: home, live-matches, match, or the path given. */
  name: string;
  path: string;
  lighthouse: {
    runs: LighthouseRun[];
    /** The run with the median performance score: its other scores and failing audits are reported. */
    median: LighthouseRun;
    /** CPU other processes used during each run, in % of one core. */
    neighbourCpuPercent: number[];
    /** Runs that failed and were tried again. */
    errors: string[];
  } | null;
  /** Why Lighthouse gave no figure for the page, when it failed every attempt. */
  lighthouseErrors: string[];
  js: FirstViewJs;
  /** Same pages, the scripts the HTML names (a cross-check of the Lighthouse figure; no browser involved). */
  jsFromHtml: FirstViewJs;
  latency: { single: PhaseResult; loaded: PhaseResult } | null;
}

export interface WebBenchReport {
  startedAt: string;
  command: string;
  options: Record<string, unknown>;
  environment: Record<string, string | number>;
  targets: typeof TARGETS;
  pages: PageReport[];
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const mark = (ok: boolean) => (ok ? 'pass' : 'FAIL');
const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));
const disturbed = (percent: number) => percent > NEIGHBOUR_THRESHOLD_PERCENT;
/**
 * The reading counts the CPU of children a process reaped meanwhile (so short-lived test workers are not
 * missed), which can add minutes of a long child's CPU at once: above what the machine has, say only that.
 */
const neighboursText = (percent: number) => {
  const capacity = cpus().length * 100;
  return percent > capacity ? `>${capacity}%` : `${percent.toFixed(0)}%`;
};

function table(header: string[], body: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...body.map(line)].join('\n');
}

function lighthouseTable(pages: PageReport[]): string {
  const score = (p: PageReport, c: Category) => {
    const v = p.lighthouse?.median.scores[c];
    if (v === undefined) return p.lighthouseErrors.length > 0 ? 'failed' : 'not run';
    return `${v} ${mark(v >= TARGETS[c])}`;
  };
  return table(
    [
      'page',
      'performance (runs)',
      'accessibility',
      'best practices',
      'SEO',
      'first-load JS, gzip',
      'fetched after hydration',
      'JS files',
    ],
    pages.map((p) => {
      const runs = p.lighthouse?.runs.map((r) => r.scores.performance).join(', ') ?? '';
      const warn = p.lighthouse?.neighbourCpuPercent.some(disturbed) ? ' ⚠' : '';
      const perf = p.lighthouse ? `${score(p, 'performance')} (${runs})${warn}` : score(p, 'performance');
      return [
        `${p.name} \`${p.path}\``,
        perf,
        score(p, 'accessibility'),
        score(p, 'best-practices'),
        score(p, 'seo'),
        `${kib(firstLoad(p))} KiB ${mark(firstLoad(p) <= TARGETS.jsKiB * 1024)}`,
        p.js.source === 'lighthouse' ? `${kib(p.js.gzipBytes - firstLoad(p))} KiB` : 'not measured',
        `${p.js.files.length} (${kib(p.js.bytes)} KiB raw)`,
      ];
    }),
  );
}

/**
 * The first-view figure split in two: the first-load JS, what the page needs to render and hydrate (what
 * the HTML names, module scripts and modulepreloads, and their static imports), which the target is about,
 * as Next.js's "First Load JS" is; and the rest the browser fetched during the run (chunks the hydrated
 * page imports, such as the live socket and its parsers). The split is only measured when Lighthouse ran.
 */
function afterHydration(p: PageReport): FirstViewJs['files'] {
  if (p.js.source !== 'lighthouse') return [];
  const toHydrate = new Set(p.jsFromHtml.files.map((f) => f.path));
  return p.js.files.filter((f) => !toHydrate.has(f.path));
}

function firstLoad(p: PageReport): number {
  if (p.js.source !== 'lighthouse') return p.jsFromHtml.gzipBytes;
  return p.js.gzipBytes - afterHydration(p).reduce((sum, f) => sum + f.gzipBytes, 0);
}

function metricsTable(pages: PageReport[]): string {
  const s = (v: number) => `${(v / 1000).toFixed(1)} s`;
  return table(
    ['page', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index', 'server response'],
    pages.flatMap((p) => {
      const m = p.lighthouse?.median.metrics;
      if (!m) return [];
      return [
        [
          p.name,
          s(m.fcp),
          s(m.lcp),
          `${m.tbt.toFixed(0)} ms`,
          m.cls.toFixed(3),
          s(m.speedIndex),
          `${m.ttfb.toFixed(0)} ms`,
        ],
      ];
    }),
  );
}

function latencyTable(pages: PageReport[], connections: number): string {
  return table(
    [
      'page',
      `${connections} conns: p50 / p99 (ms)`,
      'req/s',
      `p99 <= ${TARGETS.p99Ms} ms`,
      '1 conn: p50 / p99 (ms)',
      '1 conn: req/s',
      'non-2xx / errors',
      'neighbours',
    ],
    pages.flatMap((p) => {
      const l = p.latency;
      if (!l) return [];
      const bad = l.loaded.non2xx + l.single.non2xx;
      const errors = l.loaded.errors + l.loaded.timeouts + l.single.errors + l.single.timeouts;
      const neighbours = Math.max(l.loaded.neighbourCpuPercent, l.single.neighbourCpuPercent);
      return [
        [
          p.name,
          `${ms(l.loaded.latencyMs.p50)} / ${ms(l.loaded.latencyMs.p99)}`,
          l.loaded.requestsPerSec.toFixed(0),
          mark(l.loaded.latencyMs.p99 <= TARGETS.p99Ms),
          `${ms(l.single.latencyMs.p50)} / ${ms(l.single.latencyMs.p99)}`,
          l.single.requestsPerSec.toFixed(0),
          `${bad} / ${errors}`,
          `${neighboursText(neighbours)}${disturbed(neighbours) ? ' ⚠' : ''}`,
        ],
      ];
    }),
  );
}

function failingList(pages: PageReport[]): string[] {
  const lines: string[] = [];
  for (const p of pages) {
    if (!p.lighthouse && p.lighthouseErrors.length > 0)
      lines.push(`- ${p.name} \`${p.path}\`: Lighthouse failed every attempt: ${p.lighthouseErrors.at(-1)}`);
    const median = p.lighthouse?.median;
    if (!median) continue;
    // Performance diagnostics are always there; list them when the score misses its target. Any other
    // failing audit is a defect whatever the category's score.
    const shown = median.failing.filter(
      (a) => a.category !== 'performance' || median.scores.performance < TARGETS.performance,
    );
    if (shown.length === 0) continue;
    lines.push(`- ${p.name} \`${p.path}\`:`);
    for (const a of shown) lines.push(`  - ${auditLine(a)}`);
  }
  return lines;
}

function auditLine(a: FailingAudit): string {
  const value = a.displayValue ? ` (${a.displayValue})` : '';
  const where = a.where.length > 0 ? `; ${a.where.join('; ')}` : '';
  return `[${a.category}] \`${a.id}\`: ${a.title}${value}${where}`;
}

function jsBreakdown(pages: PageReport[]): string[] {
  const first = pages[0];
  if (!first) return [];
  const files = new Map<string, { gzip: number; pages: number }>();
  for (const p of pages)
    for (const f of p.js.files) {
      const name = f.path.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
      const entry = files.get(name) ?? { gzip: f.gzipBytes, pages: 0 };
      entry.pages++;
      files.set(name, entry);
    }
  const parts = [...files.entries()]
    .sort((a, b) => b[1].gzip - a[1].gzip)
    .map(
      ([name, f]) =>
        `${name} ${kib(f.gzip)}${f.pages < pages.length ? ` (${f.pages}/${pages.length} pages)` : ''}`,
    );
  const lines = [`- JS files, KiB gzip: ${parts.join(', ')}`];
  for (const p of pages) {
    const after = afterHydration(p);
    if (after.length === 0) continue;
    const names = after.map((f) => `${f.path.replace(/^\/assets\//, '')} ${kib(f.gzipBytes)}`);
    lines.push(`- ${p.name}: fetched after hydration (KiB gzip): ${names.join(', ')}`);
  }
  return lines;
}

async function versionOf(pkg: string): Promise<string> {
  for (const base of ['../../node_modules/', '../../../node_modules/']) {
    try {
      const url = new URL(`${base}${pkg}/package.json`, import.meta.url);
      return (JSON.parse(await readFile(url, 'utf8')) as { version: string }).version;
    } catch {
      // Not hoisted to this level: try the next.
    }
  }
  return 'unknown';
}

export async function environment(chromeVersion: string): Promise<Record<string, string | number>> {
  return {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    chrome: chromeVersion,
    lighthouse: await versionOf('lighthouse'),
    autocannon: await versionOf('autocannon'),
  };
}

/** The text to print (Markdown, readable as is), also written with the JSON under load-tests/results/. */
export async function writeReport(
  report: WebBenchReport,
): Promise<{ text: string; json: string; markdown: string }> {
  const o = report.options;
  const env = report.environment;
  const pages = report.pages;
  const lines = [
    `### Website: Lighthouse, first-view JS and server render (${report.startedAt.slice(0, 10)})`,
    '',
    `\`${report.command}\` on ${env.cores} × ${env.cpu}, Node ${env.node}, ${env.chrome}, Lighthouse ${env.lighthouse} ` +
      `(mobile emulation, simulated throttling: its defaults), autocannon ${env.autocannon}. The stack runs as \`npm start\` does ` +
      `(simulated game API at time scale ${o['timeScale']}, ingest, gateway serving the production build)` +
      `${o['gatewayCore'] === null ? '' : `, the gateway pinned to core ${o['gatewayCore']} and the load generator to core ${o['loadCore']}`}.` +
      (typeof o['webDist'] === 'string' ? ` Build measured: \`${o['webDist']}\`.` : ''),
    '',
    `Targets: performance >= ${TARGETS.performance}, accessibility >= ${TARGETS.accessibility}, best practices >= ${TARGETS['best-practices']}, ` +
      `SEO ${TARGETS.seo}, first-load JS (render and hydrate) <= ${TARGETS.jsKiB} KiB gzip, SSR p99 <= ${TARGETS.p99Ms} ms at ${o['connections']} connections.`,
    '',
  ];
  if (pages.some((p) => p.lighthouse)) {
    lines.push(
      `Lighthouse: performance is the median of ${o['runs']} runs (each run's score in brackets); the other scores and the audits below come from that median run. ` +
        `JS: every script the browser fetched during the Lighthouse run, each file gzipped (zlib level 6) from the build served, ` +
        `split into the first-load JS, what the page needs to render and hydrate (the scripts its HTML names and their static imports), and what it fetched after hydrating.`,
      '',
      lighthouseTable(pages),
      '',
      metricsTable(pages),
      '',
    );
  } else {
    lines.push(
      'Lighthouse not run (`--runs 0`); first-load JS from the page HTML (module scripts, modulepreloads and their static imports).',
      '',
      lighthouseTable(pages),
      '',
    );
  }
  if (pages.some((p) => p.latency)) {
    lines.push(
      `Server render: full HTML GETs with a desktop Chrome User-Agent and Accept-Language, ${o['connections']} keep-alive connections for ${o['durationS']} s ` +
        `after a ${o['warmupS']} s warm-up, then 1 connection for ${o['singleS']} s (the render time without queueing). Neighbours: CPU other processes ` +
        `used meanwhile (% of one core); ⚠ above ${NEIGHBOUR_THRESHOLD_PERCENT}%.`,
      '',
      latencyTable(pages, Number(o['connections'])),
      '',
    );
  }
  const failing = failingList(pages);
  lines.push(...(failing.length > 0 ? ['Failing audits:', '', ...failing] : ['No failing audits.']), '');
  lines.push(...jsBreakdown(pages));
  const text = lines.join('\n');

  const dir = fileURLToPath(new URL('../../results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const json = `${dir}web-${stamp}.json`;
  const markdown = `${dir}web-${stamp}.md`;
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(markdown, `${text}\n`);
  return { text, json, markdown };
}
