import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startGateway } from '@pitchside/test-support/gateway';
import { testRedis } from '@pitchside/test-support/redis';
import { WEB_DIST } from '@pitchside/test-support/stack';
import { launchBrowser, openPage } from './support/browser.ts';

/**
 * SPEC 1: the tag manager starts 3.5 s after load or at the first scroll, mouse move or touch; the live
 * chat 3 s after load. Both come from the environment. A local server stands in for the vendors: each
 * script records when it ran.
 */
let vendor: Server;
let vendorUrl: string;
let site: Awaited<ReturnType<typeof startGateway>>;
let browser: Browser;

beforeAll(async () => {
  vendor = createServer((req, res) => {
    const name = req.url?.includes('chat') ? 'chat' : 'tags';
    res.setHeader('Content-Type', 'text/javascript');
    res.end(`(window.__vendors ??= {})[${JSON.stringify(name)}] = performance.now();`);
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
  vendorUrl = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  site = await startGateway(await testRedis(), {
    webDist: WEB_DIST,
    tagManagerSrc: `${vendorUrl}/gtm.js`,
    liveChatSrc: `${vendorUrl}/chat.js`,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await new Promise((resolve) => vendor?.close(resolve));
});

type Vendors = { tags?: number; chat?: number };
const vendors = (page: import('playwright-core').Page) =>
  page.evaluate(() => ({ ...((window as { __vendors?: object }).__vendors ?? {}) }) as Vendors);

describe('deferred third-party scripts', () => {
  it('starts the live chat 3 s and the tag manager 3.5 s after load when nobody touches the page', async () => {
    const { page } = await openPage(browser, `${site.url}/en/faq`);
    await page.waitForLoadState('load');
    const loadedAt = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
    );
    await page.waitForTimeout(2_000);
    expect(await vendors(page)).toEqual({});
    await page.waitForFunction(
      () => (window as { __vendors?: Vendors }).__vendors?.tags !== undefined,
      null,
      {
        timeout: 5_000,
      },
    );
    const ran = await vendors(page);
    expect(ran.chat! - loadedAt).toBeGreaterThanOrEqual(3_000);
    expect(ran.tags! - loadedAt).toBeGreaterThanOrEqual(3_500);
    expect(ran.tags!).toBeGreaterThan(ran.chat!);
  });

  it('starts the tag manager at the first mouse move, before 3.5 s', async () => {
    const { page } = await openPage(browser, `${site.url}/en/faq`);
    await page.waitForLoadState('load');
    const loadedAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    await page.mouse.move(100, 200);
    await page.waitForFunction(() => (window as { __vendors?: Vendors }).__vendors?.tags !== undefined);
    expect((await vendors(page)).tags! - loadedAt).toBeLessThan(2_000);
    expect((await vendors(page)).chat).toBeUndefined();
  });

  it('loads neither when the environment does not configure them', async () => {
    const plain = await startGateway(await testRedis(), { webDist: WEB_DIST });
    try {
      const { page } = await openPage(browser, `${plain.url}/en/faq`);
      await page.waitForLoadState('load');
      await page.mouse.move(10, 10);
      await page.waitForTimeout(3_800);
      expect(await page.locator('script#tag-manager, script#live-chat').count()).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
