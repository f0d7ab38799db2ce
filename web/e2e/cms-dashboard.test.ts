import { Queue } from 'bullmq';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { QUEUE_NAMES } from '@pitchside/shared/constants';
import { apiClient } from '@pitchside/test-support/auth-api';
import { connectClient, type ClientSocket } from '@pitchside/test-support/gateway';
import { MatchFollower } from '@pitchside/test-support/match-follower';
import { accountMessage as m, newEmail, PASSWORD, signInWithForm } from './support/accounts.ts';
import { openPage, text, waitForHydration } from './support/browser.ts';
import { useLiveSite } from './support/live-site.ts';
import { newAdmin } from './support/operator.ts';

/**
 * The operators' dashboard in Chromium against the whole stack (issue 7): an admin signs in at /cms/login,
 * lands on /cms, and watches the numbers move as the platform does (a job queued, a viewer arriving on a
 * match); the Queues link opens bull-board through its cookie session, under the gateway's CSP; anyone else
 * sees "admins only".
 */
const site = useLiveSite();

const sockets: ClientSocket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

const cell = (page: Page, queue: string, state: string) =>
  text(page, `[data-testid="ops-queue-table"] tr[data-queue="${queue}"] td[data-state="${state}"]`);

describe('operators dashboard', () => {
  it('lands an admin on /cms after /cms/login, with live numbers that follow the platform', async () => {
    const email = await newAdmin(site.stack, 'ops');

    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/cms/login`);
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await waitForHydration(page);
    await signInWithForm(page, email);
    await page.waitForURL(`${site.stack.url}/en/cms`);
    await page.waitForSelector('[data-testid="ops-dashboard"] [data-state="live"]');
    await page.waitForSelector('[data-testid="ops-queue-table"]');
    // The users the admin side lists sit below the charts.
    await page.waitForSelector('[data-testid="admin-users"] table');

    // A job put off for ten minutes (the worker leaves it alone): the ingest queue's delayed count, as the
    // dashboard shows it, is the queue's own, ours included. The job schedulers' next runs are delayed jobs
    // too and come and go as they run, so the shown figure is compared with the queue's at the same moment.
    const queue = new Queue(QUEUE_NAMES.ingest, {
      connection: site.stack.redis.duplicate(),
      prefix: site.stack.keys.queuePrefix(),
    });
    const shownAndReal = async () => {
      const shown = Number(await cell(page, QUEUE_NAMES.ingest, 'delayed'));
      const delayed = await queue.getDelayed();
      return { matches: shown === delayed.length, ids: delayed.map((j) => j.id) };
    };
    const job = await queue.add('poll-news', {}, { delay: 600_000 });
    await expect
      .poll(async () => {
        const { matches, ids } = await shownAndReal();
        return matches && ids.includes(job.id);
      })
      .toBe(true);
    await job.remove();
    await expect
      .poll(async () => {
        const { matches, ids } = await shownAndReal();
        return matches && !ids.includes(job.id);
      })
      .toBe(true);
    await queue.close();

    // Ingest polls live matches every 300 ms here: the live job's lag is shown and stays small.
    const lag = page.locator(
      '[data-testid="ops-lag-chart"] li[data-series="poll-live"] [data-testid="series-value"]',
    );
    await expect.poll(async () => parseFloat((await lag.textContent()) ?? '')).toBeLessThan(10);

    // Ingest's request planner (issue 16 §4): the simulator's minute (6,000 calls here) and the live polls
    // it let through, counting up as they run.
    const digits = async (selector: string) => Number((await text(page, selector)).replace(/\D/g, ''));
    const liveCalls = '[data-testid="ops-planner-table"] tr[data-class="live"] td[data-state="admitted"]';
    await page.waitForSelector(liveCalls);
    const before = await digits(liveCalls);
    await expect.poll(() => digits(liveCalls)).toBeGreaterThan(before);
    expect(await text(page, '[data-testid="ops-planner-budget"]')).toMatch(/of 6,000/);

    // A viewer arrives on a live match: the match appears among the hot matches with its viewer.
    const [matchId] = await site.stack.redis.smembers(site.stack.keys.liveMatches());
    expect(matchId).toBeDefined();
    const viewer = connectClient(site.stack.url);
    sockets.push(viewer);
    await new MatchFollower(viewer, matchId!).subscribe();
    const viewers = page.locator(
      `[data-testid="ops-viewers-chart"] li[data-series="${matchId}"] [data-testid="series-value"]`,
    );
    await expect.poll(() => viewers.textContent()).toBe('1');
    const label = await page
      .locator(`[data-testid="ops-viewers-chart"] li[data-series="${matchId}"] .ops-chart__label`)
      .textContent();
    expect(label).toContain('–');
    viewer.disconnect();
    await expect.poll(() => viewers.textContent()).toBe('0');

    // The Queues link trades the token for the board's cookie and opens bull-board, which runs under the CSP.
    await page.locator('[data-testid="ops-queues-link"]').click();
    await page.waitForURL(`${site.stack.url}/admin/queues/`);
    await page.waitForSelector(`text=${QUEUE_NAMES.paymentsReconcile}`);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'ps_ops_board');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin/queues' });
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('tells a signed-in visitor without the admin scope that the page is for admins only', async () => {
    const email = newEmail('ops');
    await apiClient(site.stack.url).register(email, PASSWORD);
    const { page } = await openPage(site.browser, `${site.stack.url}/en/login`);
    await waitForHydration(page);
    await signInWithForm(page, email);
    await page.waitForURL(`${site.stack.url}/en`);
    await page.goto(`${site.stack.url}/en/cms`, { waitUntil: 'domcontentloaded' });
    await waitForHydration(page);
    await expect.poll(() => text(page, '[data-testid="cms-admins-only"]')).toContain(m('ops.adminsOnly'));
    expect(await page.locator('[data-testid="ops-dashboard"]').count()).toBe(0);
    // The board stays shut to them too: no cookie, so a navigation there goes to the admin sign-in.
    await page.goto(`${site.stack.url}/admin/queues/`, { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe('/en/cms/login');
    await page.context().close();
  });
});
