import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import type { FetchedScript } from './first-view-js.ts';

/**
 * Lighthouse through its Node API on Debian's Chromium, with its defaults: a mobile device, simulated
 * slow 4G and a 4x slower CPU.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** An audit that did not pass, with where it failed (a few elements or URLs), so it can be fixed. */
export interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  /** 0 to 1; null for an audit that errored. */
  score: number | null;
  displayValue?: string;
  /** Up to three of the elements or resources it names. */
  where: string[];
}

export interface LighthouseRun {
  url: string;
  /** 0 to 100 per category. */
  scores: Record<Category, number>;
  /** Lab metrics in ms (CLS unitless), simulated. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number; ttfb: number };
  failing: FailingAudit[];
  scripts: FetchedScript[];
  warnings: string[];
  durationMs: number;
}

export async function withChrome<T>(
  chromePath: string,
  use: (chrome: { port: number; pid: number }) => Promise<T>,
): Promise<T> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  try {
    return await use({ port: chrome.port, pid: chrome.pid });
  } finally {
    chrome.kill();
  }
}

/** `saveTo`: also write the full Lighthouse report (JSON) there, for its traces and diagnostics. */
export async function runLighthouse(url: string, port: number, saveTo?: string): Promise<LighthouseRun> {
  const started = Date.now();
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (saveTo) {
    await mkdir(path.dirname(saveTo), { recursive: true });
    await writeFile(saveTo, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);

  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    url,
    scores,
    metrics: {
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      speedIndex: metric('speed-index'),
      ttfb: metric('server-response-time'),
    },
    failing: failingAudits(lhr),
    scripts: fetchedScripts(lhr),
    warnings: lhr.runWarnings,
    durationMs: Date.now() - started,
  };
}

/** The run whose performance score is the median (the lower middle for an even count). */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no Lighthouse run to take the median of');
  return median;
}

const NOT_SCORED = new Set(['notApplicable', 'manual', 'informative']);

/**
 * Every scored audit of the four categories below Lighthouse's own pass mark (0.9; binary audits 1),
 * without the `hidden` group (insights that duplicate the diagnostics, and raw data).
 */
function failingAudits(lhr: Result): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || NOT_SCORED.has(audit.scoreDisplayMode)) continue;
      const errored = audit.scoreDisplayMode === 'error';
      if (
        !errored &&
        (audit.score === null || audit.score >= (audit.scoreDisplayMode === 'binary' ? 1 : 0.9))
      )
        continue;
      failing.push({
        id: audit.id,
        title: audit.title,
        category,
        score: errored ? null : audit.score,
        ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
        where: errored ? [audit.errorMessage ?? 'audit error'] : whereItFailed(audit.details),
      });
    }
  }
  return failing;
}

type Details = Result['audits'][string]['details'];

/** A few of the elements (selector and why) or resources an audit lists. */
function whereItFailed(details: Details): string[] {
  if (!details || !('items' in details) || !Array.isArray(details.items)) return [];
  return details.items.slice(0, 3).flatMap((item): string[] => {
    const row = item as Record<string, unknown>;
    const node = row.node as { selector?: string; explanation?: string } | undefined;
    if (node?.selector) {
      const why = node.explanation?.split('\n').find((line) => /contrast|must|should|not/i.test(line));
      return [`${node.selector}${why ? `: ${why.trim()}` : ''}`];
    }
    const source = row.sourceLocation as { url?: string } | undefined;
    const text = [row.url, source?.url, row.description, row.issueType, row.label, row.groupLabel].find(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    return text ? [text] : [];
  });
}

/** The scripts the page fetched, from the network-requests audit. */
function fetchedScripts(lhr: Result): FetchedScript[] {
  const details = lhr.audits['network-requests']?.details;
  if (!details || details.type !== 'table') return [];
  return details.items.flatMap((item) => {
    const row = item as Record<string, unknown>;
    if (row.resourceType !== 'Script' || typeof row.url !== 'string') return [];
    return [
      {
        url: row.url,
        transferSize: Number(row.transferSize ?? 0),
        resourceSize: Number(row.resourceSize ?? 0),
      },
    ];
  });
}
