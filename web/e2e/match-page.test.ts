import { describe, expect, it } from 'vitest';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, markDocument, openPage, text } from './support/browser.ts';
import { advanceTo, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/**
 * /match/{id} against the whole stack: the simulated game API, ingest, Redis and the gateway serving the
 * built site. The simulator's clock is frozen; the test moves it to the next goal and watches the page.
 */
const site = useLiveSite();

const goals = async (page: Parameters<typeof text>[0]) =>
  Number(await text(page, '[data-testid="match-score-home"]')) +
  Number(await text(page, '[data-testid="match-score-away"]'));

describe('match page', () => {
  it('shows a goal without a reload when the simulator scores it', async () => {
    const goal = await liveMatchWithGoalAhead(site.stack);
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/match/${goal.matchId}`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="match-score-home"]', { timeout: LIVE_TIMEOUT_MS });
    const stillSameDocument = await markDocument(page);
    const before = await goals(page);
    const goalEventsBefore = await page
      .locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`)
      .count();
    expect(await text(page, '[data-testid="match-clock"]')).not.toBe('');
    expect(await page.locator('[data-testid="match-status"]').getAttribute('data-status')).toMatch(
      /first_half|half_time|second_half|extra_time|break|penalties|suspended|interrupted/,
    );

    advanceTo(site.stack, goal.atMs);

    await expect.poll(() => goals(page), { timeout: LIVE_TIMEOUT_MS, interval: 200 }).toBe(before + 1);
    await expect
      .poll(() => page.locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`).count(), {
        timeout: LIVE_TIMEOUT_MS,
      })
      .toBe(goalEventsBefore + 1);
    // Newest first: the goal just scored heads the timeline.
    expect(await page.locator('[data-testid="timeline-event"]').first().getAttribute('data-kind')).toBe(
      goal.kind,
    );
    await stillSameDocument();
    expect(errors).toEqual([]);
  });

  it('answers an unknown id with the 404 page, from the server and in the browser', async () => {
    // SPEC 2: 404 and 'This page could not be found' (the loader throws it, so crawlers get the status too).
    const response = await fetch(`${site.stack.url}/en/match/987654321`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('This page could not be found');
    const { page } = await openPage(site.browser, `${site.stack.url}/match/987654321`);
    await page.waitForSelector('[data-testid="page-message-not-found"]', { timeout: LIVE_TIMEOUT_MS });
    expect(await text(page, '[data-testid="page-message-not-found"] h1')).toBe(
      'This page could not be found',
    );
    await expectConnection(page, 'live');
  });
});
