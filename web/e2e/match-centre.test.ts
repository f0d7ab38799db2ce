import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Standings } from '@pitchside/shared/domain';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import type { Stack } from '@pitchside/test-support/stack';
import { useLiveSite } from './support/live-site.ts';
import { expectConnection, LIVE_TIMEOUT_MS, openPage, text, waitForHydration } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';

/**
 * The match page's tabs against the whole stack (simulated game API, ingest, Redis, the gateway serving the
 * built site): what the server sends without JavaScript, the tabs and the address, lineups on the pitch,
 * statistics bars, head-to-head, the table, and a goal moving score, timeline and live table.
 */
const site = useLiveSite();

/** Each test's page is closed after it, so the next test's browser is not busy with the last one's sockets. */
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});
const open = async (url: string) => {
  const result = await openPage(site.browser, url);
  opened.push(result.page);
  return result;
};

const api = async <T>(stack: Stack, path: string): Promise<T | null> => {
  const response = await fetch(`${stack.url}/api${path}`);
  if (!response.ok) return null;
  return ((await response.json()) as { data: T }).data;
};

/** Live football matches whose competition has a table holding both teams. */
async function liveLeagueMatches(stack: Stack): Promise<ScoreboardEntry['match'][]> {
  const live = (await liveEntries(stack)).map((e) => e.match);
  const out: ScoreboardEntry['match'][] = [];
  for (const match of live) {
    const standings = await api<Standings>(stack, `/competitions/${match.competition.id}/standings`);
    const teams = standings?.groups.flatMap((g) => g.rows.map((r) => r.team.id)) ?? [];
    if (teams.includes(match.home.id) && teams.includes(match.away.id)) out.push(match);
  }
  if (out.length === 0) throw new Error('no live league match with a table (try another seed)');
  return out;
}

/** The day's matches of the simulated clock (the fixtures poll covers it). */
async function todaysMatches(stack: Stack, daysBack = 0): Promise<ScoreboardEntry['match'][]> {
  const day = new Date(stack.simulator.clock.nowMs() - daysBack * 86_400_000).toISOString().slice(0, 10);
  return ((await api<ScoreboardEntry[]>(stack, `/matches?date=${day}`)) ?? []).map((e) => e.match);
}

/**
 * Like support's markDocument, for a page whose address changes by design (?tab=): proves the window was
 * neither reloaded nor navigated away, whatever its query string.
 */
async function markWindow(page: Page): Promise<() => Promise<void>> {
  const mark = `mark-${Math.random()}`;
  await page.evaluate((value) => {
    (window as unknown as { __matchCentreMark?: string }).__matchCentreMark = value;
  }, mark);
  return async () => {
    expect(
      await page.evaluate(() => (window as unknown as { __matchCentreMark?: string }).__matchCentreMark),
    ).toBe(mark);
  };
}

const tab = (id: string) => `[data-testid="match-tab"][data-tab="${id}"]`;
const panel = (id: string) => `[data-testid="match-panel"][data-tab="${id}"]`;
const row = (teamId: string) => `[data-testid="table-row"][data-team-id="${teamId}"]`;
const selectedTab = (page: Page) => page.getAttribute('[role="tab"][aria-selected="true"]', 'data-tab');
const visiblePanel = (page: Page) => page.getAttribute('[role="tabpanel"]:not([hidden])', 'data-tab');

/**
 * The simulated game API keeps API-Football's 300 calls a minute, and the test stack's fast polls (football
 * and basketball, live every 300 ms) can spend a minute's calls before it ends: ingest then waits for the
 * next minute, and nothing moves meanwhile. This file's live test runs first, and waits out such a pause.
 */
const BUDGET_PAUSE_MS = 90_000;

describe('match page, live', () => {
  const goalsOf = async (page: Page) =>
    Number(await text(page, '[data-testid="match-score-home"]')) +
    Number(await text(page, '[data-testid="match-score-away"]'));
  const numberIn = async (page: Page, selector: string) =>
    Number((await text(page, selector)).replace('−', '-'));

  it('moves the score, the timeline and the live table when a goal goes in, without a reload', async () => {
    const candidates = await liveLeagueMatches(site.stack);
    const goal = await liveMatchWithGoalAhead(
      site.stack,
      candidates.map((m) => m.id),
    );
    const match = candidates.find((m) => m.id === goal.matchId)!;
    const { page, errors } = await open(`${site.stack.url}/en/match/${match.id}?tab=table`);
    await expectConnection(page, 'live');
    await page.waitForSelector('[data-testid="live-table-badge"]', { timeout: LIVE_TIMEOUT_MS });
    const stillSameDocument = await markWindow(page);

    const before = {
      goals: await goalsOf(page),
      home: Number(await text(page, '[data-testid="match-score-home"]')),
      homeGd: await numberIn(page, `${row(match.home.id)} [data-testid="table-goal-difference"]`),
      awayGd: await numberIn(page, `${row(match.away.id)} [data-testid="table-goal-difference"]`),
      events: await page.locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`).count(),
    };

    advanceTo(site.stack, goal.atMs);

    await expect
      .poll(() => goalsOf(page), { timeout: BUDGET_PAUSE_MS, interval: 200 })
      .toBe(before.goals + 1);
    const homeScored = Number(await text(page, '[data-testid="match-score-home"]')) === before.home + 1;
    // The scorer's goal difference goes up by one and the other side's down by one, in the table on screen.
    await expect
      .poll(async () => [
        await numberIn(page, `${row(match.home.id)} [data-testid="table-goal-difference"]`),
        await numberIn(page, `${row(match.away.id)} [data-testid="table-goal-difference"]`),
      ])
      .toEqual(homeScored ? [before.homeGd + 1, before.awayGd - 1] : [before.homeGd - 1, before.awayGd + 1]);
    expect(await page.getAttribute('[data-testid="standings"]', 'data-state')).toBe('live');

    // The timeline has the goal at the top.
    await page.click(tab('timeline'));
    await expect
      .poll(() => page.locator(`[data-testid="timeline-event"][data-kind="${goal.kind}"]`).count(), {
        timeout: BUDGET_PAUSE_MS,
      })
      .toBe(before.events + 1);
    expect(
      await page
        .locator(`${panel('timeline')} [data-testid="timeline-event"]`)
        .first()
        .getAttribute('data-kind'),
    ).toBe(goal.kind);
    await stillSameDocument();
    expect(errors).toEqual([]);
  }, 150_000);
});

describe('match page tabs', () => {
  it('sends score, teams and the chosen tab in the server HTML, readable without JavaScript', async () => {
    const [match] = await liveLeagueMatches(site.stack);
    const lineups = await fetch(`${site.stack.url}/en/match/${match!.id}?tab=lineups`);
    expect(lineups.status).toBe(200);
    const html = await lineups.text();
    expect(html).toContain(match!.home.name);
    expect(html).toContain(match!.away.name);
    expect(html).toMatch(/data-testid="match-score-home">\d+</);
    expect(html).toMatch(/data-testid="match-score-away">\d+</);
    // The chosen tab is selected and its panel shown; the others are in the page, hidden.
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-tab="lineups"/);
    expect(html).toMatch(/role="tabpanel"[^>]*data-tab="lineups"/);
    expect(html).not.toMatch(/role="tabpanel"[^>]*hidden=""[^>]*data-tab="lineups"/);
    expect(html).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*data-tab="timeline"/);
    expect(html.match(/data-testid="pitch-player"/g)?.length).toBe(22);
    // Each panel in place, in a finished Suspense boundary: none left for an inline script to move in later
    // (the CSP would refuse it, and the browser would render the panel again).
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<template id="B:/);
    // The table and its two highlighted rows, and the SportsEvent with its status and score.
    expect(html).toContain(`data-team-id="${match!.home.id}" data-highlight="home"`);
    expect(html).toContain(`data-team-id="${match!.away.id}" data-highlight="away"`);
    expect(html).toContain('"eventStatus":"https://schema.org/EventScheduled"');
    expect(html).toMatch(/"description":"[^"]+ \d+–\d+ [^"]+"/);

    const table = await (await fetch(`${site.stack.url}/en/match/${match!.id}?tab=table`)).text();
    expect(table).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*data-tab="table"/);
    expect(table).toContain('data-testid="live-table-badge"');
  });

  it('switches tabs by click and arrow keys, the address following without a reload', async () => {
    const [match] = await liveLeagueMatches(site.stack);
    const { page, errors } = await open(`${site.stack.url}/en/match/${match!.id}`);
    await expectConnection(page, 'live');
    const stillSameDocument = await markWindow(page);
    expect(await selectedTab(page)).toBe('timeline');
    expect(await visiblePanel(page)).toBe('timeline');

    await page.click(tab('lineups'));
    await expect.poll(() => page.url()).toMatch(/\?tab=lineups$/);
    // The router renders the new address in a transition: the tab follows a moment later.
    await expect.poll(() => selectedTab(page)).toBe('lineups');
    expect(await visiblePanel(page)).toBe('lineups');
    expect(await page.getAttribute(tab('lineups'), 'tabindex')).toBe('0');
    expect(await page.getAttribute(tab('timeline'), 'tabindex')).toBe('-1');

    // Keyboard: focus moves with the arrows and the tab opens with it (wrapping at the ends).
    await page.focus(tab('lineups'));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.url()).toMatch(/\?tab=stats$/);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-tab'))).toBe('stats');
    await expect.poll(() => visiblePanel(page)).toBe('stats');
    await page.keyboard.press('End');
    await expect.poll(() => page.url()).toMatch(/\?tab=table$/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.url()).toBe(`${site.stack.url}/en/match/${match!.id}`);
    await expect.poll(() => visiblePanel(page)).toBe('timeline');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.url()).toMatch(/\?tab=table$/);
    expect(await page.getAttribute(panel('table'), 'aria-labelledby')).toBe('match-tab-table');
    await stillSameDocument();

    // The address is the tab: opening it again lands on the same tab.
    await page.goto(page.url(), { waitUntil: 'domcontentloaded' });
    expect(await selectedTab(page)).toBe('table');
    expect(errors).toEqual([]);
  });

  it('draws both starting XIs on the pitch, home below and away above, with benches and coaches', async () => {
    const [match] = await liveLeagueMatches(site.stack);
    const { page, errors } = await open(`${site.stack.url}/en/match/${match!.id}?tab=lineups`);
    await page.waitForSelector('[data-testid="pitch"]', { timeout: LIVE_TIMEOUT_MS });
    await waitForHydration(page);
    for (const side of ['home', 'away'] as const) {
      const players = page.locator(
        `[data-testid="pitch-team"][data-side="${side}"] [data-testid="pitch-player"]`,
      );
      expect(await players.count()).toBe(11);
      // The pitch and its players measured in one go in the page: a live update re-rendering the lineup between
      // two separate measurements left a detached element without a box.
      const { pitch, boxes } = await page.evaluate((s) => {
        const rect = (el: Element) => {
          const { x, y, width, height } = el.getBoundingClientRect();
          return { x, y, width, height };
        };
        const selector = `[data-testid="pitch-team"][data-side="${s}"] [data-testid="pitch-player"]`;
        return {
          pitch: rect(document.querySelector('[data-testid="pitch"]')!),
          boxes: [...document.querySelectorAll(selector)].map(rect),
        };
      }, side);
      for (const box of boxes) {
        const centreY = box.y + box.height / 2;
        expect(box.x).toBeGreaterThanOrEqual(pitch.x - 40);
        expect(box.x + box.width).toBeLessThanOrEqual(pitch.x + pitch.width + 40);
        // On a phone the pitch stands upright: home in the bottom half, away in the top half.
        if (side === 'home') expect(centreY).toBeGreaterThan(pitch.y + pitch.height / 2);
        else expect(centreY).toBeLessThan(pitch.y + pitch.height / 2);
      }
      // Shirts in the kit colour the provider gave (set as a CSS variable on each player), else the side's colour
      // from the match centre's stylesheet, which a loaded machine may still be fetching: polled.
      const kit = () =>
        players.first().evaluate((el) => getComputedStyle(el).getPropertyValue('--kit').trim());
      await expect.poll(kit, { timeout: 10_000 }).toMatch(/^#[0-9a-f]{6}$|^var\(/i);
    }
    expect(await page.locator('[data-testid="bench"]').count()).toBe(2);
    expect(await page.locator('[data-testid="substitute"]').count()).toBeGreaterThan(0);
    expect(await text(page, '[data-testid="bench"][data-side="home"] [data-testid="coach"]')).not.toBe('');
    expect(errors).toEqual([]);
  });

  it("shows the statistics as paired bars split by each side's share", async () => {
    const [match] = await liveLeagueMatches(site.stack);
    const { page } = await open(`${site.stack.url}/en/match/${match!.id}?tab=stats`);
    await page.waitForSelector('[data-testid="stat-row"]', { timeout: LIVE_TIMEOUT_MS });
    const possession = '[data-testid="stat-row"][data-key="possession"]';
    const home = Number((await text(page, `${possession} [data-testid="stat-home"]`)).replace(/\D/g, ''));
    const away = Number((await text(page, `${possession} [data-testid="stat-away"]`)).replace(/\D/g, ''));
    expect(home + away).toBe(100);
    const widths = await page
      .locator(`${possession} [data-testid="stat-bar"] span`)
      .evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().width));
    expect(widths).toHaveLength(2);
    expect(widths[0]! / (widths[0]! + widths[1]!)).toBeCloseTo(home / 100, 1);
    expect(await page.locator('[data-testid="stat-row"]').count()).toBeGreaterThan(5);
  });

  it('lists head-to-head meetings with their record, each linking to its match', async () => {
    // Today's, or (shortly after midnight UTC, when today's have not been played yet) yesterday's.
    const finished = [...(await todaysMatches(site.stack)), ...(await todaysMatches(site.stack, 1))].find(
      (m) => m.status === 'finished' && (m.competition.sport ?? 'football') === 'football',
    );
    if (!finished) throw new Error('no finished football match today or yesterday (try another seed)');
    const { page, errors } = await open(`${site.stack.url}/en/match/${finished.id}?tab=h2h`);
    await page.waitForSelector('[data-testid="h2h-meeting"]', { timeout: LIVE_TIMEOUT_MS });
    const meeting = page.locator(`[data-testid="h2h-meeting"][data-match-id="${finished.id}"]`);
    expect(await meeting.locator('a').getAttribute('href')).toBe(`/en/match/${finished.id}`);
    expect(await meeting.locator('a').getAttribute('aria-current')).toBe('page');
    expect(await text(page, `[data-match-id="${finished.id}"] [data-testid="h2h-score"]`)).toBe(
      `${finished.score.current.home} - ${finished.score.current.away}`,
    );
    const { home, away } = finished.score.current;
    const counts = await Promise.all(
      ['h2h-wins-home', 'h2h-draws', 'h2h-wins-away'].map(async (id) =>
        Number(await text(page, `[data-testid="${id}"]`)),
      ),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(await page.locator('[data-testid="h2h-meeting"]').count());
    if (home! > away!) expect(counts[0]).toBeGreaterThan(0);
    if (home === away) expect(counts[1]).toBeGreaterThan(0);
    if (home! < away!) expect(counts[2]).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('shows the table with both teams highlighted, counting the live score', async () => {
    const [match] = await liveLeagueMatches(site.stack);
    const base = (await api<Standings>(site.stack, `/competitions/${match!.competition.id}/standings`))!;
    const baseRow = (id: string) => base.groups.flatMap((g) => g.rows).find((r) => r.team.id === id)!;
    const { page, errors } = await open(`${site.stack.url}/en/match/${match!.id}?tab=table`);
    await page.waitForSelector('[data-testid="table-row"]', { timeout: LIVE_TIMEOUT_MS });
    expect(await page.locator('[data-testid="table-row"][data-highlight]').count()).toBe(2);
    expect(await page.getAttribute(row(match!.home.id), 'data-highlight')).toBe('home');
    expect(await page.getAttribute(row(match!.away.id), 'data-highlight')).toBe('away');
    expect(await page.getAttribute('[data-testid="standings"]', 'data-state')).toBe('live');
    // The match in play counts as played, provisionally.
    for (const id of [match!.home.id, match!.away.id]) {
      expect(Number(await text(page, `${row(id)} [data-testid="table-played"]`))).toBe(
        baseRow(id).total.played + 1,
      );
    }
    expect(errors).toEqual([]);
  });

  it('says so when there are no lineups or statistics yet', async () => {
    const later = (await todaysMatches(site.stack)).filter((m) => m.status === 'scheduled');
    let empty: string | null = null;
    for (const m of later) {
      const detail = await api<{ detail: { lineups: unknown[]; statistics: unknown[] } }>(
        site.stack,
        `/matches/${m.id}`,
      );
      if (detail && detail.detail.lineups.length === 0 && detail.detail.statistics.length === 0) {
        empty = m.id;
        break;
      }
    }
    if (!empty) throw new Error('no scheduled match without lineups today (try another seed)');
    const { page, errors } = await open(`${site.stack.url}/en/match/${empty}?tab=lineups`);
    await page.waitForSelector(`${panel('lineups')} [data-testid="panel-empty"]`, {
      timeout: LIVE_TIMEOUT_MS,
    });
    expect(await text(page, `${panel('lineups')} .panel-empty__title`)).toBe('No lineups yet');
    await page.click(tab('stats'));
    await page.waitForSelector(`${panel('stats')}:not([hidden]) [data-testid="panel-empty"]`);
    expect(await text(page, `${panel('stats')} .panel-empty__title`)).toBe('No statistics yet');
    expect(errors).toEqual([]);
  });
});
