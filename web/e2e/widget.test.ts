import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { LIVE_TIMEOUT_MS, markDocument, openPage, text, waitForHydration } from './support/browser.ts';
import { advanceTo, liveEntries, liveMatchWithGoalAhead } from './support/live-fixture.ts';
import { useLiveSite } from './support/live-site.ts';

/**
 * The live-score widget on a third-party page: a page of another origin (its own server, on another port)
 * whose CSS is hostile embeds the widget with the script snippet; the widget shows the live matches and a
 * goal arrives without a reload, while the host's styles stay out; with scripts off it is a link. And the
 * configurator at /widget, whose preview and code follow the choices.
 */
const site = useLiveSite();

/** The host page's own styles: everything red, huge and yellow, and its iframes squashed and hidden. */
const HOSTILE_CSS = `
  * { color: rgb(255, 0, 0) !important; background: rgb(255, 255, 0) !important; font-size: 40px !important;
      font-family: serif !important; }
  iframe { display: none !important; height: 5px !important; width: 20px !important; }
  a { text-transform: uppercase !important; }
`;

let host: Server;
let hostUrl = '';
let snippet = '';

const hostPage = () => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fan blog</title><style>${HOSTILE_CSS}</style></head>
<body><h1>Our fan blog</h1><p>Today's scores:</p>
${snippet}
<p>More posts below.</p></body></html>`;

beforeAll(async () => {
  host = createServer((req, res) => {
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage());
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

const rowIds = (frame: Frame) =>
  frame.$$eval('.pw-row', (rows) => rows.map((r) => r.getAttribute('data-match-id') ?? ''));
const scoreOf = (frame: Frame, id: string) =>
  frame.locator(`.pw-row[data-match-id="${id}"] [data-role="score"]`).textContent();

async function widgetFrame(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('iframe.pitchside-widget-frame', {
    state: 'attached',
    timeout: LIVE_TIMEOUT_MS,
  });
  const frame = await element.contentFrame();
  if (!frame) throw new Error('the widget frame has no document');
  await frame.waitForSelector('[data-testid="embed-board"]', { timeout: LIVE_TIMEOUT_MS });
  return frame;
}

describe('live-score widget', () => {
  it('shows the live matches on a hostile third-party page and scores a goal without a reload', async () => {
    expect(new URL(hostUrl).port).not.toBe(new URL(site.stack.url).port);
    snippet =
      `<a class="pitchside-widget" href="${site.stack.url}/en/live-matches" data-scope="live" ` +
      `data-theme="light" data-lang="en" data-size="regular">Live scores on Pitchside</a>\n` +
      `<script async src="${site.stack.url}/widget.js"></script>`;
    const live = await liveEntries(site.stack);
    const { page, errors } = await openPage(site.browser, hostUrl);

    // The link became a sandboxed frame of the embed, which our inline rules keep visible and sized.
    const frame = await widgetFrame(page);
    expect(await page.locator('a.pitchside-widget').count()).toBe(0);
    const element = page.locator('iframe.pitchside-widget-frame');
    expect(await element.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    expect(new URL((await element.getAttribute('src')) ?? '').origin).toBe(site.stack.url);
    await expect
      .poll(async () => (await element.boundingBox())?.height ?? 0, { timeout: LIVE_TIMEOUT_MS })
      .toBeGreaterThan(100);

    // Every live match, each a link to its match page on Pitchside in a new tab.
    expect((await rowIds(frame)).sort()).toEqual(live.map((e) => e.match.id).sort());
    const first = live[0]!.match;
    const link = frame.locator(`.pw-row[data-match-id="${first.id}"] a`);
    expect(await link.getAttribute('href')).toBe(`${site.stack.url}/en/match/${first.id}`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener');
    expect(await frame.locator('a.pw-credit').textContent()).toBe('Live scores by Pitchside');

    // None of the host's styles reached into the frame.
    const look = await frame.$eval(`.pw-row[data-match-id="${first.id}"] .pw-name`, (name) => {
      const style = getComputedStyle(name);
      return {
        color: style.color,
        fontSize: style.fontSize,
        fontFamily: style.fontFamily,
        background: getComputedStyle(document.body).backgroundColor,
        transform: getComputedStyle(name.closest('a')!).textTransform,
      };
    });
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    expect(look.fontSize).not.toBe('40px');
    expect(look.fontFamily).not.toBe('serif');
    expect(look.background).toBe('rgb(255, 255, 255)');
    expect(look.transform).toBe('none');

    // A goal in the simulator reaches the widget over the socket: same host document, same frame document.
    await frame.waitForSelector('html[data-connection="live"]', { timeout: LIVE_TIMEOUT_MS });
    const hostUnchanged = await markDocument(page);
    await frame.evaluate(() => ((window as unknown as { __frameMark?: number }).__frameMark = 42));
    const goal = await liveMatchWithGoalAhead(site.stack, await rowIds(frame));
    const before = await scoreOf(frame, goal.matchId);
    advanceTo(site.stack, goal.atMs);
    await expect.poll(() => scoreOf(frame, goal.matchId), { timeout: LIVE_TIMEOUT_MS }).not.toBe(before);
    await hostUnchanged();
    expect(await frame.evaluate(() => (window as unknown as { __frameMark?: number }).__frameMark)).toBe(42);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('stays a link to the live scores where the host page runs no scripts', async () => {
    snippet =
      `<a class="pitchside-widget" href="${site.stack.url}/de/live-matches" data-scope="live" ` +
      `data-theme="dark" data-lang="de" data-size="compact">Liveergebnisse auf Pitchside</a>\n` +
      `<script async src="${site.stack.url}/widget.js"></script>`;
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(hostUrl, { waitUntil: 'load' });
    const link = page.locator('a.pitchside-widget');
    expect(await link.count()).toBe(1);
    expect(await link.getAttribute('href')).toBe(`${site.stack.url}/de/live-matches`);
    expect(await link.textContent()).toBe('Liveergebnisse auf Pitchside');
    expect(await link.isVisible()).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);
    await context.close();
  });

  it('shows the scores in its frame with scripts off too (server-rendered)', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const live = await liveEntries(site.stack);
    await page.goto(`${site.stack.url}/embed/scores?scope=live&lang=de&theme=dark`, { waitUntil: 'load' });
    expect((await page.$$eval('.pw-row', (rows) => rows.length)) > 0).toBe(true);
    expect(await page.locator('.pw-row').count()).toBe(live.length);
    expect(await text(page, 'a.pw-credit')).toBe('Liveergebnisse von Pitchside');
    await context.close();
  });

  it('configurator: the preview and the code follow dark, German and a competition', async () => {
    const live = await liveEntries(site.stack);
    const competition = live[0]!.match.competition;
    const { page, errors } = await openPage(site.browser, `${site.stack.url}/en/widget`);
    await waitForHydration(page);
    expect(await text(page, 'h1')).toBe('Live-score widget');
    // The 'empty' layout: no site header or footer around the page.
    expect(await page.locator('.site-header').count()).toBe(0);
    const scriptCode = () => text(page, '[data-testid="widget-script-snippet"]');
    const iframeCode = () => text(page, '[data-testid="widget-iframe-snippet"]');
    const previewSrc = () => page.locator('[data-testid="widget-preview"]').getAttribute('src');
    expect(await scriptCode()).toContain('data-scope="live" data-theme="light" data-lang="en"');
    expect(await previewSrc()).toBe('/embed/scores?scope=live&theme=light&lang=en&size=regular');

    await page.locator('[data-testid="widget-theme"] input[value="dark"]').check();
    await page.locator('[data-testid="widget-language"]').selectOption('de');
    await page.locator('[data-testid="widget-scope"] input[value="competition"]').check();
    await page.locator('[data-testid="widget-competition"]').selectOption(competition.id);

    const query = `scope=competition&id=${competition.id}&theme=dark&lang=de&size=regular`;
    await expect.poll(previewSrc).toBe(`/embed/scores?${query}`);
    expect(await scriptCode()).toBe(
      `<a class="pitchside-widget" href="${site.stack.url}/de/league/${competition.id}" data-scope="competition" ` +
        `data-id="${competition.id}" data-theme="dark" data-lang="de" data-size="regular">Live scores on Pitchside</a>\n` +
        `<script async src="${site.stack.url}/widget.js"></script>`,
    );
    expect(await iframeCode()).toContain(
      `src="${site.stack.url}/embed/scores?${query.replace(/&/g, '&amp;')}"`,
    );

    // The preview is the real embed: dark, in German, the competition's matches.
    const frame = await widgetPreview(page);
    await frame.waitForSelector('html.theme-dark[lang="de"]');
    expect(await frameText(frame, 'h1')).toBe(competition.name);
    expect(await frameText(frame, 'a.pw-credit')).toBe('Liveergebnisse von Pitchside');
    expect(await frame.locator(`.pw-row[data-match-id="${live[0]!.match.id}"]`).count()).toBe(1);
    // Sized to the board it shows, as widget.js sizes it on a host page.
    await expect
      .poll(() => page.locator('[data-testid="widget-preview"]').getAttribute('height'))
      .not.toBe('380');
    expect(errors).toEqual([]);
  });

  it('configurator: speaks German at /de/widget, and a team widget waits for its team', async () => {
    const { page } = await openPage(site.browser, `${site.stack.url}/de/widget`);
    await waitForHydration(page);
    expect(await text(page, 'h1')).toBe('Live-Ergebnis-Widget');
    await page.locator('[data-testid="widget-scope"] input[value="team"]').check();
    await page.waitForSelector('[data-testid="widget-choose-first"]');
    expect(await page.locator('[data-testid="widget-preview"]').count()).toBe(0);
    const team = (await liveEntries(site.stack))[0]!.match.home;
    await page.locator('[data-testid="widget-team"] input').fill(team.name.slice(0, 6));
    await page
      .locator('[data-testid="team-picker-option"]', { hasText: team.name })
      .first()
      .dispatchEvent('mousedown');
    await expect
      .poll(() => page.locator('[data-testid="widget-preview"]').getAttribute('src'))
      .toBe(`/embed/scores?scope=team&id=${team.id}&theme=light&lang=de&size=regular`);
    const frame = await widgetPreview(page);
    expect(await frameText(frame, 'h1')).toBe(team.name);
  });
});

const frameText = async (frame: Frame, selector: string): Promise<string> =>
  ((await frame.locator(selector).first().textContent()) ?? '').trim();

async function widgetPreview(page: Page): Promise<Frame> {
  const element = await page.waitForSelector('[data-testid="widget-preview"]');
  const frame = await element.contentFrame();
  if (!frame) throw new Error('the preview has no document');
  await frame.waitForSelector('[data-testid="embed-board"]', { timeout: LIVE_TIMEOUT_MS });
  return frame;
}
