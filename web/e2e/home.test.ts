import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NewsItem } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, markDocument, openPage, text } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/**
 * The home page against the whole stack: what it serves before any JavaScript runs (crawlers, slow
 * phones), then scores that move by themselves, and favourites that reorder it and stay.
 */
const site = useLiveSite();

const section = (name: string) => `[data-testid="section-${name}"]`;
const row = (name: string, id: string) =>
  `${section(name)} [data-testid="live-match-row"][data-match-id="${id}"]`;
const ids = (page: Page, selector: string) =>
  page.$$eval(selector, (rows) => rows.map((r) => r.getAttribute('data-match-id') ?? ''));
const groupIds = (page: Page, name: string) =>
  page.$$eval(`${section(name)} [data-testid="competition-group"]`, (groups) =>
    groups.map((g) => g.getAttribute('data-competition-id') ?? ''),
  );

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.stack.url}/api${path}`);
  expect(response.status, path).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** The news feed is read on its own schedule: wait for its first poll. */
async function newsItems(): Promise<NewsItem[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const items = await api<NewsItem[]>('/news?limit=6');
    if (items.length > 0 || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Ingest has read the fixture window (and the feed): the day's list no longer grows under the test. */
async function settled(): Promise<void> {
  const deadline = Date.now() + 30_000;
  const heartbeat = site.stack.keys.ingestHeartbeat();
  while (
    !(await site.stack.redis.hget(heartbeat, 'poll-fixtures')) ||
    !(await site.stack.redis.hget(heartbeat, 'poll-news'))
  ) {
    if (Date.now() > deadline) throw new Error('ingest did not read fixtures and news within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The server renders with UTC for a visitor it knows nothing of (no `tz` cookie). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

describe('home page', () => {
  it('serves live, hot, today and news with real data in the HTML, before any script runs', async () => {
    await settled();
    const live = await liveEntries(site.stack);
    const [hot, today, news] = await Promise.all([
      api<ScoreboardEntry[]>('/matches/hot'),
      api<ScoreboardEntry[]>(`/matches?date=${todayUtc()}&tz=UTC`),
      newsItems(),
    ]);
    expect(hot.length).toBeGreaterThan(0);
    expect(news.length).toBeGreaterThan(0);

    const response = await fetch(`${site.stack.url}/en`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const name of ['live', 'hot', 'today', 'news'])
      expect(html).toContain(`data-testid="section-${name}"`);

    // The same document in a browser that runs no script: what a crawler reads.
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
      await page.goto(`${site.stack.url}/en`);
      expect(await page.locator('h1').count()).toBe(1);

      const liveShown = await ids(page, `${section('live')} [data-testid="live-match-row"]`);
      expect(liveShown.length).toBe(Math.min(live.length, 10));
      expect(live.map((e) => e.match.id)).toEqual(expect.arrayContaining(liveShown));

      const hotShown = await ids(page, `${section('hot')} [data-testid="hot-match"]`);
      expect(hotShown).toEqual(hot.slice(0, hotShown.length).map((e) => e.match.id));
      expect(hotShown.length).toBe(Math.min(hot.length, 6));

      const todayShown = await ids(page, `${section('today')} [data-testid="live-match-row"]`);
      expect(todayShown.sort()).toEqual(today.map((e) => e.match.id).sort());

      const titles = await page.$$eval(`${section('news')} [data-testid="news-item"] h3`, (h) =>
        h.map((e) => e.textContent ?? ''),
      );
      expect(titles.length).toBe(news.length);
      expect(titles[0]).toContain(news[0]!.title);
      // News pictures wait for the viewport (SPEC 9's lazy classes); the <noscript> twin has the source.
      const lazy = page.locator(`${section('news')} img[data-src]`).first();
      if (await lazy.count()) expect(await lazy.getAttribute('class')).toContain('lazyLoad');
    } finally {
      await context.close();
    }
  });

  it('moves a score in "Live now" by itself when a goal is scored', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en`);
    await expectConnection(page, 'live');
    await page.waitForSelector(`${section('live')} [data-testid="live-match-row"]`, {
      timeout: LIVE_TIMEOUT_MS,
    });
    const stillSameDocument = await markDocument(page);

    const shown = await ids(page, `${section('live')} [data-testid="live-match-row"]`);
    const goal = await liveMatchWithGoalAhead(site.stack, shown);
    const scoreOf = (name: string) => text(page, `${row(name, goal.matchId)} [data-testid="live-row-score"]`);
    const before = await scoreOf('live');
    advanceTo(site.stack, goal.atMs);

    await expect.poll(() => scoreOf('live'), { timeout: LIVE_TIMEOUT_MS }).not.toBe(before);
    // The same match in today's list moves too (its own scoreboard room, the day's).
    if (await page.locator(row('today', goal.matchId)).count()) {
      await expect.poll(() => scoreOf('today'), { timeout: LIVE_TIMEOUT_MS }).toBe(await scoreOf('live'));
    }
    await stillSameDocument();
    expect(errors).toEqual([]);
  });

  it('puts a starred competition first, and keeps it first after a reload', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en`);
    await expectConnection(page, 'live');
    const before = await groupIds(page, 'today');
    expect(before.length).toBeGreaterThan(1);
    const last = before[before.length - 1]!;
    const star = page.locator(
      `${section('today')} [data-competition-id="${last}"] [data-testid="favourite-star"]`,
    );
    expect(await star.getAttribute('aria-pressed')).toBe('false');

    await star.click();
    await expect.poll(async () => (await groupIds(page, 'today'))[0]).toBe(last);
    expect(await star.getAttribute('aria-pressed')).toBe('true');

    await page.reload({ waitUntil: 'domcontentloaded' });
    await expectConnection(page, 'live');
    await expect
      .poll(async () => (await groupIds(page, 'today'))[0], { timeout: LIVE_TIMEOUT_MS })
      .toBe(last);
    expect(errors).toEqual([]);
  });

  it('keeps the header to two rows: brand and tools, then every section in view (desktop, German; phone)', async () => {
    const rowsAt = async (width: number, language: string) => {
      const context = await site.browser.newContext({ viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
        await page.goto(`${site.stack.url}/${language}`, { waitUntil: 'domcontentloaded' });
        const box = async (selector: string) => (await page.locator(selector).first().boundingBox())!;
        const middle = (b: { y: number; height: number }) => Math.round(b.y + b.height / 2);
        const links = await Promise.all(
          (await page.locator('.site-nav a').all()).map(async (link) => (await link.boundingBox())!),
        );
        return {
          brand: middle(await box('.brand')),
          signIn: middle(await box('[data-testid="sign-in-link"]')),
          links: links.length,
          linkRows: new Set(links.map(middle)).size,
          linksInView: links.filter((b) => b.x >= 0 && b.x + b.width <= width).length,
          sticky: await page.locator('.site-header').evaluate((h) => getComputedStyle(h).position),
        };
      } finally {
        await context.close();
      }
    };
    const desktop = await rowsAt(1280, 'de');
    expect(Math.abs(desktop.brand - desktop.signIn)).toBeLessThanOrEqual(4);
    expect(desktop).toMatchObject({ links: 6, linkRows: 1, linksInView: 6, sticky: 'sticky' });
    // A phone: the same two rows, the links scroll sideways, and the header scrolls away with the page.
    const phone = await rowsAt(390, 'en');
    expect(Math.abs(phone.brand - phone.signIn)).toBeLessThanOrEqual(4);
    expect(phone).toMatchObject({ links: 6, linkRows: 1, sticky: 'static' });
  });
});
