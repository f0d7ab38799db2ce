import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { headToHeadSlug } from '@pitchside/shared/domain';
import { pagePath, SITE_PAGES } from '@pitchside/shared/site';
import { useLiveSite } from './support/live-site.ts';
import { liveEntries } from './support/live-fixture.ts';
import { publishGuide } from './support/operator.ts';

/**
 * Every page of the catalogue through axe-core, hydrated, as a phone shows it: in English with the light
 * theme and in German with the dark one (the system's preference), so both palettes and a language with
 * longer words are covered. A serious or critical violation fails its page; lesser ones are listed.
 * One browser page serves every route, to keep the file around a minute on two cores.
 */
const site = useLiveSite();

const PASSES = [
  { language: 'en', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
] as const;

const FAILING_IMPACTS = new Set(['serious', 'critical']);

interface Violation {
  rule: string;
  impact: string;
  help: string;
  /** Up to three offending elements: selector, and axe's reason where it is short. */
  nodes: string[];
  url: string;
}

let context: BrowserContext;
let page: Page;
let parameters: Record<string, Record<string, string>>;
const found: Violation[] = [];

/**
 * Real parameters from the API the site uses: a live match, its competition and home team, the
 * head-to-head of its two teams (the canonical slug when the API knows the pair), the football sport.
 */
async function realParameters(): Promise<Record<string, Record<string, string>>> {
  const { match } = (await liveEntries(site.stack))[0]!;
  let slug = headToHeadSlug(match.home, match.away);
  const headToHead = await fetch(`${site.stack.url}/api/head-to-head/by-slug/${slug}`);
  if (headToHead.ok) slug = ((await headToHead.json()) as { data: { slug: string } }).data.slug;
  return {
    league: { id: match.competition.id },
    team: { id: match.home.id },
    match: { id: match.id },
    'match-highlight': { id: match.id },
    sport: { slug: 'football' },
    'head-to-head': { slug },
    guide: await publishGuide(site.stack),
  };
}

beforeAll(async () => {
  parameters = await realParameters();
  // The site's CSP allows only its own nonce'd inline script: let axe in, as a browser extension would.
  context = await site.browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  page = await context.newPage();
  // Anything off this machine (a vendor's script, a social widget) fails fast instead of hanging the load.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
});

afterAll(async () => {
  await context?.close();
  if (found.length === 0) return;
  const lines = found.map(
    (v) =>
      `${v.impact.padEnd(8)} ${v.rule}: ${v.help}\n           ${v.url}\n           ${v.nodes.join('\n           ')}`,
  );
  console.warn(`axe-core found ${found.length} violation(s):\n${lines.join('\n')}`);
});

/** Hydrated: React has claimed the server's elements (its fiber is on them) and painted once more. */
async function hydrated(): Promise<void> {
  await page.waitForFunction(
    () => {
      const root = document.querySelector('main') ?? document.body;
      return Object.keys(root).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout: 15_000 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

async function audit(url: string): Promise<Violation[]> {
  // Not 'load': crests and photos do not change what axe checks, and waiting for them costs seconds.
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await hydrated();
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axe.source });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => {
        const why = [...n.any, ...n.all, ...n.none].map((check) => check.message).find((m) => m.length < 200);
        return `${n.target.join(' ')}${why ? ` (${why})` : ''}`;
      }),
    }));
  });
  return violations.map((v) => ({ ...v, url: new URL(page.url()).pathname }));
}

describe.each(PASSES)('accessibility in $language ($colorScheme theme)', ({ language, colorScheme }) => {
  beforeAll(async () => {
    await page.emulateMedia({ colorScheme });
  });

  it.each(SITE_PAGES.map((p) => [p.id, p] as const))('%s', async (_id, sitePage) => {
    const path = pagePath(language, sitePage.path, parameters[sitePage.id] ?? {});
    const violations = await audit(`${site.stack.url}${path}`);
    found.push(...violations);
    const serious = violations.filter((v) => FAILING_IMPACTS.has(v.impact));
    expect(
      serious,
      serious.map((v) => `${v.rule} (${v.impact}) on ${v.url}: ${v.help}; ${v.nodes.join('; ')}`).join('\n'),
    ).toEqual([]);
  });
});

declare global {
  interface Window {
    axe: typeof axe;
  }
}
