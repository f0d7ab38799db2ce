import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { isLive } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, openPage } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/**
 * /fixtures-results and /hot-matches against the whole stack: the day in the address, the date strip and
 * calendar, the live-only switch, a bad date, and the hot ranking.
 */
const site = useLiveSite();

const ROW = '[data-testid="live-match-row"]';
const rowIds = (page: Page) =>
  page.$$eval(ROW, (rows) => rows.map((r) => r.getAttribute('data-match-id') ?? ''));
const addDays = (day: string, n: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
};

async function dayEntries(date: string, tz: string): Promise<ScoreboardEntry[]> {
  const response = await fetch(`${site.stack.url}/api/matches?date=${date}&tz=${encodeURIComponent(tz)}`);
  return ((await response.json()) as { data: ScoreboardEntry[] }).data;
}

/** The page's day and zone once the browser has told its own (the page reloads its data for it). */
async function shownDay(page: Page): Promise<{ day: string; tz: string }> {
  const tz = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const day = (await page.locator('[data-testid="fixtures-day"]').getAttribute('datetime')) ?? '';
  return { day, tz };
}

/** Like markDocument, for a page that changes its own address: only a full load wipes the mark. */
async function markNavigations(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    (window as unknown as { __fixturesMark?: boolean }).__fixturesMark = true;
  });
  return async () =>
    expect(
      await page.evaluate(() => (window as unknown as { __fixturesMark?: boolean }).__fixturesMark),
    ).toBe(true);
}

async function openFixtures(path = '/en/fixtures-results') {
  const opened = await openPage(site.browser, `${site.stack.url}${path}`);
  await expectConnection(opened.page, 'live');
  await opened.page.waitForSelector(ROW, { timeout: LIVE_TIMEOUT_MS });
  return opened;
}

describe('fixtures and results', () => {
  it('moves between days with the date strip and the calendar, the day in the address', async () => {
    const { page, errors } = await openFixtures();
    const stillSameDocument = await markNavigations(page);
    const { day: today, tz } = await shownDay(page);
    expect(await page.locator('[aria-current="date"]').getAttribute('data-day')).toBe(today);

    const yesterday = addDays(today, -1);
    await page.locator(`[data-testid="date-strip-day"][data-day="${yesterday}"]`).click();
    await page.waitForURL(`**/en/fixtures-results?date=${yesterday}`);
    await expect.poll(async () => (await shownDay(page)).day).toBe(yesterday);
    expect(await page.locator('[aria-current="date"]').getAttribute('data-day')).toBe(yesterday);
    const expected = (await dayEntries(yesterday, tz)).map((e) => e.match.id).sort();
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(async () => (await rowIds(page)).sort()).toEqual(expected);
    // Yesterday's matches are over: results, not kickoff times.
    expect(await page.locator(`${ROW}[data-status="scheduled"]`).count()).toBe(0);

    const later = addDays(today, 2);
    await page.locator('[data-testid="fixtures-date-input"]').fill(later);
    await page.waitForURL(`**/en/fixtures-results?date=${later}`);
    await expect.poll(async () => (await shownDay(page)).day).toBe(later);

    await page.goBack();
    await page.waitForURL(`**/en/fixtures-results?date=${yesterday}`);
    await stillSameDocument();
    expect(errors).toEqual([]);
  });

  it('shows only the matches in play with "Live only", and says so in the address', async () => {
    // The day of a match in play (just after midnight UTC, that is yesterday in many zones).
    const { page: probe } = await openPage(site.browser, `${site.stack.url}/en/faq`);
    const zone = await probe.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await probe.context().close();
    const live = await liveEntries(site.stack);
    const liveDay = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
      new Date(live[0]!.match.kickoff),
    );
    const { page, errors } = await openFixtures(`/en/fixtures-results?date=${liveDay}`);
    const { day, tz } = await shownDay(page);
    const all = await rowIds(page);

    await page.locator('[data-testid="fixtures-live-only"]').check();
    await page.waitForURL(/[?&]live=1/);
    const inPlay = (await dayEntries(day, tz)).filter((e) => isLive(e.match.status)).map((e) => e.match.id);
    expect(inPlay.length).toBeGreaterThan(0);
    await expect.poll(async () => (await rowIds(page)).sort()).toEqual([...inPlay].sort());
    expect((await rowIds(page)).length).toBeLessThan(all.length);

    // The filter stays on as the day changes, and a shared address opens with it on.
    const href = await page.locator('[data-testid="date-strip-day"]').first().getAttribute('href');
    expect(href).toContain('live=1');
    const { page: shared } = await openFixtures(`/en/fixtures-results?date=${day}&live=1`);
    expect(await shared.locator('[data-testid="fixtures-live-only"]').isChecked()).toBe(true);
    expect(await shared.$$eval(ROW, (rows) => rows.map((r) => r.getAttribute('data-status')))).not.toContain(
      'scheduled',
    );

    await page.locator('[data-testid="fixtures-live-only"]').uncheck();
    await expect.poll(async () => (await rowIds(page)).length).toBe(all.length);
    expect(page.url()).not.toContain('live=1');
    expect(errors).toEqual([]);
  });

  it('shows today, with a notice, for a date that is not one', async () => {
    const response = await fetch(`${site.stack.url}/en/fixtures-results?date=2026-02-30`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="invalid-date"');
    expect(html).toContain('2026-02-30');
    expect(html).toMatch(new RegExp(`datetime="${new Date().toISOString().slice(0, 10)}"`, 'i'));
    expect(html).toContain('data-testid="live-match-row"');
  });

  it('lists basketball games under their sport', async () => {
    const { page } = await openFixtures();
    const basketball = page.locator(`${ROW}[data-sport="basketball"]`);
    expect(await basketball.count()).toBeGreaterThan(0);
    const group = page.locator('[data-testid="competition-group"]', { has: basketball }).first();
    expect((await group.locator('[data-testid="competition-sport"]').textContent())?.trim()).toBe(
      'Basketball',
    );
  });
});

describe('hot matches', () => {
  it('lists the hot matches in the ranking the server gives, in the HTML', async () => {
    const response = await fetch(`${site.stack.url}/api/matches/hot`);
    expect(response.status).toBe(200);
    const hot = ((await response.json()) as { data: ScoreboardEntry[] }).data;
    expect(hot.length).toBeGreaterThan(0);

    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.stack.url}/en/hot-matches`);
      const shown = await page.$$eval('[data-testid="hot-match"]', (cards) =>
        cards.map((c) => c.getAttribute('data-match-id') ?? ''),
      );
      expect(shown).toEqual(hot.map((e) => e.match.id));
    } finally {
      await context.close();
    }
  });

  it("moves a hot match's score by itself when a goal is scored", async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/hot-matches`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="hot-match"]', { timeout: LIVE_TIMEOUT_MS });
    const stillSameDocument = await markNavigations(page);
    const shown = await page.$$eval('[data-testid="hot-match"]', (cards) =>
      cards.map((c) => c.getAttribute('data-match-id') ?? ''),
    );
    const goal = await liveMatchWithGoalAhead(site.stack, shown);
    const score = () =>
      page
        .locator(`[data-testid="hot-match"][data-match-id="${goal.matchId}"] [data-testid="hot-score"]`)
        .textContent();
    const before = await score();
    advanceTo(site.stack, goal.atMs);
    await expect.poll(score, { timeout: LIVE_TIMEOUT_MS }).not.toBe(before);
    // The ranking stays the server's: the card did not move.
    expect(
      await page.$$eval('[data-testid="hot-match"]', (cards) =>
        cards.map((c) => c.getAttribute('data-match-id') ?? ''),
      ),
    ).toEqual(shown);
    await stillSameDocument();
    expect(errors).toEqual([]);
  });
});
