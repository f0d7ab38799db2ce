import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_KEY } from '../src/app/navigation/chunk-guard.ts';
import { useLiveSite } from './support/live-site.ts';
import { markDocument, openPage, waitForHydration } from './support/browser.ts';

/** The navigation behaviour of SPEC 2 and 4, in Chromium against the whole stack. */
const site = useLiveSite();

const germanCommon = JSON.parse(
  readFileSync(new URL('../src/locales/de/common.json', import.meta.url), 'utf8'),
) as { nav: { liveMatches: string } };
const germanContent = JSON.parse(
  readFileSync(new URL('../src/locales/de/content.json', import.meta.url), 'utf8'),
) as { faq: { title: string } };

/** The message namespaces a server-rendered page carries. */
async function namespacesIn(url: string): Promise<string[]> {
  const html = await (await fetch(url)).text();
  const block = /<script id="pitchside-messages" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  return Object.keys(JSON.parse(block![1]!) as object).sort();
}

const hydrated = waitForHydration;

describe('navigation', () => {
  it('switches language: messages load, the path moves to the new prefix, the cookie remembers', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/live-matches`);
    await hydrated(page);
    await markDocument(page);
    await page.selectOption('[data-testid="language-switcher"]', 'de');
    await page.waitForURL(`${site.stack.url}/de/live-matches`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    await expect
      .poll(() => page.locator('.site-nav a').first().textContent())
      .toBe(germanCommon.nav.liveMatches);
    expect(await page.evaluate(() => document.cookie)).toContain('i18n_redirected=de');
    // A client-side move, not a reload.
    await page.evaluate(() => history.back());
    await page.waitForURL(`${site.stack.url}/en/live-matches`);
    await page.evaluate(() => history.forward());
    await page.waitForURL(`${site.stack.url}/de/live-matches`);
    // Still the same document: the switch and the moves were client-side.
    expect(await page.evaluate(() => (window as { __pitchsideMark?: string }).__pitchsideMark)).toBeTruthy();
    expect(errors).toEqual([]);
  });

  it('sends a page only the messages it uses; the next page gets its own before it shows', async () => {
    const live = await namespacesIn(`${site.stack.url}/de/live-matches`);
    expect(live).toEqual(expect.arrayContaining(['common', 'matches']));
    expect(live).not.toContain('content'); // the static pages' texts, the largest namespace
    expect(live).not.toContain('cms');
    expect(await namespacesIn(`${site.stack.url}/de/faq`)).toContain('content');

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/de/live-matches`);
    await hydrated(page);
    await markDocument(page);
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('.site-footer a[href="/de/faq"]')!.click(),
    );
    await page.waitForURL(`${site.stack.url}/de/faq`);
    await expect.poll(() => page.locator('main h1').textContent()).toBe(germanContent.faq.title);
    expect(await page.evaluate(() => (window as { __pitchsideMark?: string }).__pitchsideMark)).toBeTruthy();
    expect(await page.locator('#pitchside-messages').count()).toBe(0); // read, then taken out of the DOM
    expect(errors).toEqual([]);
  });

  it('scrolls a new page to the top and restores the position on back; restoration is manual', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en`);
    await hydrated(page);
    // Settled: the socket's chunk and its first answers in, so nothing moves the page under the test.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');
    // How long the home page is depends on the simulated match day's hour: scroll well inside it.
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(end).toBeGreaterThan(600);
    const target = Math.min(900, end - 100);
    await page.evaluate((y) => window.scrollTo(0, y), target);
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(target);
    // A click from script: Playwright's own click would first scroll the footer into view.
    await page.evaluate(() =>
      document.querySelector<HTMLAnchorElement>('.site-footer a[href="/en/faq"]')!.click(),
    );
    await page.waitForURL(`${site.stack.url}/en/faq`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.waitForURL(`${site.stack.url}/en`);
    // Back where the visitor was, to within a row: the home page's live lists are read again on the way back
    // and may have gained or lost a row meanwhile (a match started or ended), and a browser cannot scroll
    // past the end of a page that got shorter.
    await expect
      .poll(() =>
        page.evaluate((y) => {
          const end = document.documentElement.scrollHeight - window.innerHeight;
          return Math.abs(window.scrollY - Math.min(y, end)) <= 40;
        }, target),
      )
      .toBe(true);
  });

  it('scrolls to a hash target', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en#site-footer`);
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });

  it('reloads once when a page chunk fails, and shows the error page if it fails again within 60 s', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en/live-matches`);
    await hydrated(page);
    const sameDocument = await markDocument(page);
    let failures = 0;
    await page.route(/\/assets\/faq-[^/]+\.js$/, async (route) => {
      failures += 1;
      await route.abort();
    });
    await page.locator('.site-footer a[href="/en/faq"]').click();
    // The guard sends the browser to the page it was going to: a full load (the mark is gone).
    await page.waitForURL(`${site.stack.url}/en/faq`);
    await expect
      .poll(() => page.evaluate(() => (window as { __pitchsideMark?: string }).__pitchsideMark ?? null))
      .toBeNull();
    expect(failures).toBeGreaterThanOrEqual(1);
    const reloadedAt = await page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY);
    expect(Number(reloadedAt)).toBeGreaterThan(Date.now() - 60_000);
    await expect(sameDocument()).rejects.toThrow();

    // The chunk still fails after the reload (the server render is there; the page cannot start): no
    // second reload within 60 s. A later client-side move to it shows the error page instead.
    await page.unroute(/\/assets\/faq-[^/]+\.js$/);
    await page.goto(`${site.stack.url}/en/live-matches`);
    await hydrated(page);
    await page.route(/\/assets\/faq-[^/]+\.js$/, (route) => route.abort());
    await page.locator('.site-footer a[href="/en/faq"]').click();
    await page.waitForSelector('[data-testid="page-message-error"]');
    expect(await page.locator('[data-testid="loading-bar"]').getAttribute('data-state')).toBe('failed');
    expect(await page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY)).toBe(reloadedAt);
  });

  it('shows the loading bar only for a navigation slower than 200 ms, then hides it', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en/faq`);
    await hydrated(page);
    await page.route('**/api/matches/live', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.locator('.site-nav a[href="/en/live-matches"]').click();
    await page.waitForSelector('[data-testid="loading-bar"][data-state="running"]');
    await page.waitForURL(`${site.stack.url}/en/live-matches`);
    await page.waitForSelector('[data-testid="loading-bar"]', { state: 'detached' });
  });

  it('shows when the browser goes offline and when it is back', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en/faq`);
    await hydrated(page);
    await page.context().setOffline(true);
    await page.waitForSelector('[data-testid="offline-banner"]');
    await page.context().setOffline(false);
    await page.waitForSelector('[data-testid="offline-banner"]', { state: 'detached' });
  });

  it('switches to the dark theme and keeps it on the next server render', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/en/faq`);
    await hydrated(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.click('[data-testid="theme-toggle"]');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});
