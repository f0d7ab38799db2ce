import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, headless, as CI runs it. */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });

/** How long the page may take to show something the stack did (an ingest poll plus the fan-out). */
export const LIVE_TIMEOUT_MS = 30_000;

/** A fresh page (own context: no shared storage between tests) that records its errors for the report. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Logos come from a third-party host the test machine cannot reach: let them fail fast.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  return { page, errors };
}

export const connectionState = (page: Page) =>
  page.locator('[data-testid="connection-state"]').getAttribute('data-state');

export async function expectConnection(
  page: Page,
  state: 'live' | 'reconnecting' | 'offline' | 'connecting',
) {
  await page.waitForSelector(`[data-testid="connection-state"][data-state="${state}"]`, {
    timeout: LIVE_TIMEOUT_MS,
  });
}

/**
 * Marks the loaded document, so a test can prove that what it saw next arrived without a reload:
 * a reload or a full navigation would wipe the mark.
 */
export async function markDocument(page: Page): Promise<() => Promise<void>> {
  const mark = `mark-${Math.random()}`;
  await page.evaluate((value) => {
    (window as unknown as { __pitchsideMark?: string }).__pitchsideMark = value;
  }, mark);
  const url = page.url();
  return async () => {
    expect(page.url()).toBe(url);
    expect(
      await page.evaluate(() => (window as unknown as { __pitchsideMark?: string }).__pitchsideMark),
    ).toBe(mark);
  };
}

export const text = async (page: Page, selector: string): Promise<string> =>
  ((await page.locator(selector).first().textContent()) ?? '').trim();

/** Waits until React has hydrated the server-rendered HTML (entry-client marks <html data-hydrated>). */
export const waitForHydration = (page: Page) =>
  page.waitForSelector('html[data-hydrated]', { state: 'attached' });
