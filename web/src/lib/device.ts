import Bowser from 'bowser';
import { isbot } from 'isbot';

/**
 * Device info of SPEC section 3, read from the user agent the same way on the server (request header) and
 * in the browser (navigator.userAgent), so both render alike.
 */
export interface DeviceInfo {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWindows: boolean;
  isMacOS: boolean;
  isChrome: boolean;
  isFirefox: boolean;
  isSafari: boolean;
  isEdge: boolean;
  isSamsung: boolean;
  isCrawler: boolean;
}

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

/** 'mobile' | 'tablet' | 'desktop': for the stylesheet and for tests. */
export const deviceClass = (device: DeviceInfo): string =>
  device.isMobile ? 'mobile' : device.isTablet ? 'tablet' : 'desktop';
