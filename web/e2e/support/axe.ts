import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

/**
 * Accessibility audits with axe-core for the browser tests: the serious and critical problems of a page,
 * and of a list of pages in the light and the dark theme.
 */

let source: string | null = null;
const axeSource = () =>
  (source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * A page to audit in `colorScheme`. axe is injected as an inline script, which the site's CSP rightly
 * refuses: the context bypasses it for the audit. Other hosts (logos, video hosts) fail fast.
 */
export async function auditPage(browser: Browser, colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true, colorScheme });
  const page = await context.newPage();
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  return page;
}

/** The serious and critical problems axe finds in the page as it is now: `id [offending elements]`. */
export async function seriousViolations(
  page: Page,
  { include = ['main'], exclude = [] }: { include?: string[]; exclude?: string[] } = {},
): Promise<string[]> {
  await page.addScriptTag({ content: axeSource() });
  return page.evaluate(
    async ({ include, exclude }) => {
      const { axe: runner } = window as unknown as {
        axe: {
          run(context: unknown): Promise<{
            violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
          }>;
        };
      };
      const result = await runner.run({
        include: include.map((s) => [s]),
        ...(exclude.length > 0 ? { exclude: exclude.map((s) => [s]) } : {}),
      });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${JSON.stringify(v.nodes.map((n) => n.target))}`);
    },
    { include, exclude },
  );
}

/**
 * The problems of every page (`${base}/${path}`) in the light and the dark theme, in `main` without its
 * frames (a video host's or the embed's, audited on their own): `<theme> <path>: <problem>`.
 */
export async function auditPaths(browser: Browser, base: string, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    const page = await auditPage(browser, colorScheme);
    for (const path of paths) {
      await page.goto(`${base}/${path}`, { waitUntil: 'networkidle' });
      const found = await seriousViolations(page, { exclude: ['iframe'] });
      problems.push(
        ...found.map((problem) => `${colorScheme} ${new URL(base).pathname}/${path}: ${problem}`),
      );
    }
    await page.context().close();
  }
  return problems;
}
