import { describe, expect, it } from 'vitest';
import { detectDevice } from './detect-device.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const SLACK = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

describe('device info from the user agent', () => {
  it('tells phones, tablets and desktops apart', () => {
    expect(detectDevice(IPHONE)).toMatchObject({
      isMobile: true,
      isTablet: false,
      isDesktop: false,
      isIos: true,
    });
    expect(detectDevice(IPAD)).toMatchObject({ isTablet: true, isMobile: false, isIos: true });
    expect(detectDevice(ANDROID)).toMatchObject({ isMobile: true, isAndroid: true, isChrome: true });
    expect(detectDevice(WINDOWS_EDGE)).toMatchObject({ isDesktop: true, isWindows: true, isEdge: true });
    expect(detectDevice(MAC_FIREFOX)).toMatchObject({ isDesktop: true, isMacOS: true, isFirefox: true });
  });

  it('recognises search engines and link-preview bots as crawlers, people as not', () => {
    expect(detectDevice(GOOGLEBOT).isCrawler).toBe(true);
    expect(detectDevice(SLACK).isCrawler).toBe(true);
    expect(detectDevice(IPHONE).isCrawler).toBe(false);
  });

  it('copes with no user agent at all', () => {
    expect(detectDevice(undefined)).toMatchObject({ isDesktop: true, isCrawler: false });
  });
});
