import Bowser from 'bowser';
import { isbot } from 'isbot';
import type { DeviceInfo } from './device.ts';

/** Device info from a user agent string (request header or navigator.userAgent). */
export function detectDevice(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? '';
  const parser = Bowser.getParser(ua || 'unknown');
  const platform = parser.getPlatformType(true);
  const os = parser.getOSName(true);
  const browser = parser.getBrowserName(true);
  const isCrawler = ua !== '' && isbot(ua);
  const isMobile = platform === 'mobile';
  const isTablet = platform === 'tablet';
  return {
    isMobile,
    isTablet,
    isDesktop: !isMobile && !isTablet,
    isIos: os === 'ios',
    isAndroid: os === 'android',
    isWindows: os === 'windows',
    isMacOS: os === 'macos',
    isChrome: browser === 'chrome' || browser === 'chromium',
    isFirefox: browser === 'firefox',
    isSafari: browser === 'safari',
    isEdge: browser === 'microsoft edge',
    isSamsung: browser === 'samsung internet for android',
    isCrawler,
  };
}
