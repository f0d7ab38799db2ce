import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, markDocument, openPage, text } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/** /live-matches against the whole stack, with the simulator's clock frozen and moved by the test. */
const site = useLiveSite();

const RUNNING = new Set(['first_half', 'second_half', 'extra_time']);
const row = (id: string) => `[data-testid="live-match-row"][data-match-id="${id}"]`;
const rowIds = (page: Page) =>
  page.$$eval('[data-testid="live-match-row"]', (rows) =>
    rows.map((r) => r.getAttribute('data-match-id') ?? ''),
  );

describe('live matches page', () => {
  it('lists every live match, grouped by competition, each row leading to its match', async () => {
    const live = await liveEntries(site.stack);
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/live-matches`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="live-match-row"]', { timeout: LIVE_TIMEOUT_MS });

    expect((await rowIds(page)).sort()).toEqual(live.map((e) => e.match.id).sort());
    const competitions = new Set(live.map((e) => e.match.competition.id));
    expect(await page.locator('[data-testid="competition-group"]').count()).toBe(competitions.size);

    const first = live[0]!.match;
    expect(await text(page, `${row(first.id)} [data-testid="live-row-score"]`)).toBe(
      `${first.score.current.home ?? '–'} - ${first.score.current.away ?? '–'}`,
    );
    expect(await page.locator(`${row(first.id)} a`).getAttribute('href')).toBe(`/en/match/${first.id}`);
    expect(errors).toEqual([]);
  });

  it("updates a row's clock and score by itself", async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/live-matches`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="live-match-row"]', { timeout: LIVE_TIMEOUT_MS });
    const stillSameDocument = await markDocument(page);

    // The clock: two simulated minutes later, a running match shows another minute (or its break).
    let running = await runningRowIds(page);
    if (running.length === 0) {
      site.stack.simulator.clock.advance(16 * 60_000); // everything was at a break: wait it out
      await expect
        .poll(async () => (running = await runningRowIds(page)).length, { timeout: LIVE_TIMEOUT_MS })
        .toBeGreaterThan(0);
    }
    const watched = running[0]!;
    const clockBefore = await text(page, `${row(watched)} [data-testid="live-row-clock"]`);
    site.stack.simulator.clock.advance(2 * 60_000);
    await expect
      .poll(() => text(page, `${row(watched)} [data-testid="live-row-clock"]`), { timeout: LIVE_TIMEOUT_MS })
      .not.toBe(clockBefore);

    // The score: move to the next goal of any listed match and watch that row.
    const goal = await liveMatchWithGoalAhead(site.stack, await rowIds(page));
    const scoreBefore = await text(page, `${row(goal.matchId)} [data-testid="live-row-score"]`);
    advanceTo(site.stack, goal.atMs);
    await expect
      .poll(() => text(page, `${row(goal.matchId)} [data-testid="live-row-score"]`), {
        timeout: LIVE_TIMEOUT_MS,
      })
      .not.toBe(scoreBefore);
    await stillSameDocument();
  });
});

async function runningRowIds(page: Page): Promise<string[]> {
  return page.$$eval(
    '[data-testid="live-match-row"]',
    (rows, running) =>
      rows
        .filter((r) => running.includes(r.getAttribute('data-status') ?? ''))
        .map((r) => r.getAttribute('data-match-id') ?? ''),
    [...RUNNING],
  );
}
