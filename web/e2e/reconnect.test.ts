import { describe, expect, it } from 'vitest';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, markDocument, openPage, text } from './support/browser.ts';
import { advanceTo, liveMatchWithGoalAhead, storedGoals } from './support/live-fixture.ts';

/** The gateway goes away and comes back: the page says so, reconnects by itself and catches up. */
const site = useLiveSite();

describe('connection loss', () => {
  it('shows reconnecting while the gateway is down, then live, with the goal scored meanwhile', async () => {
    const goal = await liveMatchWithGoalAhead(site.stack);
    const { page } = await openPage(site.browser, `${site.stack.url}/match/${goal.matchId}`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="match-score-home"]', { timeout: LIVE_TIMEOUT_MS });
    const stillSameDocument = await markDocument(page);
    const shownGoals = async () =>
      Number(await text(page, '[data-testid="match-score-home"]')) +
      Number(await text(page, '[data-testid="match-score-away"]'));
    const before = await shownGoals();
    const goalEventsBefore = await page
      .locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`)
      .count();

    await site.stack.stopGateway();
    await expectConnection(page, 'reconnecting');
    expect(await text(page, '[data-testid="connection-state"]')).toBe('Reconnecting…');

    // Ingest keeps working while the gateway is down: the goal reaches Redis, not the page.
    advanceTo(site.stack, goal.atMs);
    await expect
      .poll(() => storedGoals(site.stack, goal.matchId), { timeout: LIVE_TIMEOUT_MS })
      .toBe(before + 1);
    expect(await shownGoals()).toBe(before);

    await site.stack.startGateway();
    await expectConnection(page, 'live');
    expect(await text(page, '[data-testid="connection-state"]')).toBe('Live');
    await expect.poll(shownGoals, { timeout: LIVE_TIMEOUT_MS }).toBe(before + 1);
    await expect
      .poll(() => page.locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`).count(), {
        timeout: LIVE_TIMEOUT_MS,
      })
      .toBe(goalEventsBefore + 1);
    await stillSameDocument();
  });
});
