/**
 * Device info of SPEC section 3. The server reads it from the request's user agent (detect-device.ts);
 * the browser takes the server's reading of the same user agent from the boot data, and reads
 * navigator.userAgent itself only when it differs (so the parsers stay out of the first view's script).
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

/** 'mobile' | 'tablet' | 'desktop': for the stylesheet and for tests. */
export const deviceClass = (device: DeviceInfo): string =>
  device.isMobile ? 'mobile' : device.isTablet ? 'tablet' : 'desktop';
