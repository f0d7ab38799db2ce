import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storeRecordedApiFootballMatch } from '@pitchside/test-support/recorded-match';
import { auditPaths } from './support/axe.ts';
import { LIVE_TIMEOUT_MS, openPage, text, waitForHydration } from './support/browser.ts';
import { useLiveSite } from './support/live-site.ts';

/**
 * A match decided on penalties, as a fan sees it in Chromium: Atlético Madrid 2-1 Inter after extra time,
 * 3-2 on penalties (API-Football fixture 1149519, recorded), fetched by the real adapter from a local peer
 * serving the recording and stored by the real pipeline into the stack's Redis; then the match page in
 * English and German (server-rendered, then hydrated and live), the team page's results row and the
 * widget's row of the same match.
 */
const site = useLiveSite();
const PEN = 'api-football/fixtures_ids-1149523-1149519_PEN_two-legged-ties_events.json';
const MATCH = '1149519';

beforeAll(() =>
  storeRecordedApiFootballMatch(site.stack, {
    fixture: PEN,
    matchId: MATCH,
    teams: { home: { country: 'Spain' }, away: { country: 'Italy' } },
  }),
);

const texts = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').replace(/\s+/g, ' ').trim()));

/** Images that failed to load and are still on show (a browser's broken-image icon). */
const brokenImages = (page: Page) =>
  page
    .locator('img')
    .evaluateAll((images) =>
      (images as HTMLImageElement[]).filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.src),
    );

/** Each kick's parts as shown: its number, its label, the taker, the shoot-out's score after it. */
const kicks = (page: Page) =>
  page
    .locator('[data-testid="shootout-kick"]')
    .evaluateAll((nodes) =>
      nodes.map((n) =>
        ['.shootout-kick__number', '.timeline-event__kind', '.timeline-event__main', '.shootout__running']
          .map((part) => n.querySelector(part)?.textContent?.trim())
          .join(' '),
      ),
    );

/** The shoot-out as a fan reads it: kick number, who, scored or missed, the score after it. */
const KICKS_EN = [
  '1 Penalty scored H. Çalhanoğlu 0–1',
  '2 Penalty scored M. Depay 1–1',
  '3 Penalty missed A. Sánchez 1–1',
  '4 Penalty missed Saúl 1–1',
  '5 Penalty missed D. Klaassen 1–1',
  '6 Penalty scored Rodrigo Riquelme 2–1',
  '7 Penalty scored F. Acerbi 2–2',
  '8 Penalty scored Á. Correa 3–2',
  '9 Penalty missed L. Martínez 3–2',
];

describe('a match decided on penalties', () => {
  it('match page in English: 2-1 after 120 minutes, the shoot-out beside it, the winner named, the kicks in order', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/match/${MATCH}`);
    await waitForHydration(page);
    expect(await text(page, '[data-testid="match-score-home"]')).toBe('2');
    expect(await text(page, '[data-testid="match-score-away"]')).toBe('1');
    expect(await text(page, '[data-testid="match-penalties"]')).toBe('Penalties 3–2');
    expect(await text(page, '[data-testid="match-status"]')).toBe('After extra time and penalties');
    expect(await text(page, '[data-testid="match-outcome"]')).toBe('Atletico Madrid win 3–2 on penalties');

    // The shoot-out is a section of its own, above the events of play, kicks in the order taken.
    expect(await text(page, '[data-testid="shootout-score"]')).toBe('3–2');
    expect(await kicks(page)).toEqual(KICKS_EN);
    const sides = await page
      .locator('[data-testid="shootout-kick"]')
      .evaluateAll((nodes) =>
        nodes.map((n) => `${n.getAttribute('data-side')}:${n.getAttribute('data-kind')}`),
      );
    expect(sides.slice(0, 3)).toEqual([
      'away:shootout_scored',
      'home:shootout_scored',
      'away:shootout_missed',
    ]);
    // No kick is a minute of play: nothing in the timeline reads 120+.
    const minutes = await texts(page, '[data-testid="timeline-event"] .timeline-event__minute');
    expect(minutes.some((m) => m.startsWith('120+'))).toBe(false);
    // The last substitution of each side, in extra time, with its number.
    expect(
      await texts(page, '[data-testid="timeline-event"][data-kind="substitution"] .timeline-event__kind'),
    ).toContain('Substitution 6');
    expect(errors).toEqual([]);
  });

  it('the server-rendered page says it to crawlers too: the description of its SportsEvent', async () => {
    const html = await (await fetch(`${site.stack.url}/en/match/${MATCH}`)).text();
    expect(html).toContain('"description":"Atletico Madrid 2–1 Inter. Atletico Madrid win 3–2 on penalties"');
    const de = await (await fetch(`${site.stack.url}/de/match/${MATCH}`)).text();
    expect(de).toContain(
      '"description":"Atletico Madrid 2–1 Inter. Atletico Madrid gewinnt 3:2 im Elfmeterschießen"',
    );
  });

  it('match page in German: the same facts in German words', async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/de/match/${MATCH}`);
    await waitForHydration(page);
    expect(await text(page, '[data-testid="match-penalties"]')).toBe('Elfmeterschießen 3:2');
    expect(await text(page, '[data-testid="match-status"]')).toBe('Nach Verlängerung und Elfmeterschießen');
    expect(await text(page, '[data-testid="match-outcome"]')).toBe(
      'Atletico Madrid gewinnt 3:2 im Elfmeterschießen',
    );
    expect((await kicks(page))[0]).toBe('1 Elfmeter verwandelt H. Çalhanoğlu 0:1');
    expect(await text(page, '#shootout-title')).toContain('Elfmeterschießen');
    expect(errors).toEqual([]);
  });

  it("the team page's results row: the score after 120, the shoot-out beside it, the winner on its own line", async () => {
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/team/530`);
    await waitForHydration(page);
    const row = `[data-testid="team-results"] [data-testid="live-match-row"][data-match-id="${MATCH}"]`;
    await page.waitForSelector(row, { timeout: LIVE_TIMEOUT_MS });
    expect(await text(page, `${row} [data-testid="live-row-score"]`)).toBe('2 - 1');
    expect(await texts(page, `${row} [data-testid="score-notes"] .score-notes__note`)).toEqual([
      'AET',
      '3–2 pens',
    ]);
    expect(await text(page, `${row} [data-testid="live-row-outcome"]`)).toBe(
      'Atletico Madrid win 3–2 on penalties',
    );
    // The form chip: a second leg won 2-1 on the night, then the shoot-out the level tie went to.
    expect(await page.locator('[data-testid="form-chips"] li').first().getAttribute('data-result')).toBe('W');
    expect(await page.locator('[data-testid="form-chips"] a').first().getAttribute('title')).toBe(
      'Won 2–1 against Inter, won 3–2 on penalties',
    );
    // The crests' host cannot be reached (openPage): each crest shows its team's initial, none a broken image,
    // the server-rendered ones included (they failed before the page was hydrated).
    await expect.poll(() => brokenImages(page)).toEqual([]);
    expect(await text(page, '[data-testid="team-header"] .crest--placeholder')).toBe('A');
    expect(errors).toEqual([]);
  });

  it('the shoot-out, the notes and the winner are readable by everyone, light and dark (axe)', async () => {
    const problems = await auditPaths(site.browser, `${site.stack.url}/en`, [`match/${MATCH}`, 'team/530']);
    expect(problems).toEqual([]);
  });

  it("the widget's row of the same match, in English and German", async () => {
    for (const [lang, notes, outcome] of [
      ['en', ['AET', '3–2 pens'], 'Atletico Madrid win 3–2 on penalties'],
      ['de', ['n. V.', '3:2 i. E.'], 'Atletico Madrid gewinnt 3:2 im Elfmeterschießen'],
    ] as const) {
      const { page, errors } = await openPage(
        site.browser,
        `${site.stack.url}/embed/scores?scope=team&id=530&lang=${lang}`,
      );
      const row = `.pw-row[data-match-id="${MATCH}"]`;
      await page.waitForSelector(row, { timeout: LIVE_TIMEOUT_MS });
      expect(await text(page, `${row} [data-role="score"]`)).toBe('2 - 1');
      expect(await texts(page, `${row} [data-role="notes"] .pw-note`)).toEqual(notes);
      expect(await text(page, `${row} [data-role="outcome"]`)).toBe(outcome);
      expect(errors).toEqual([]);
    }
  });
});
