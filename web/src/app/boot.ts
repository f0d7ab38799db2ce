import type { Language } from '@pitchside/shared/constants';
import { SITE_COOKIES } from '@pitchside/shared/cookies';
import type { DeviceInfo } from '../lib/device.ts';
import type { SiteConfig } from '../lib/visit.ts';

export type Theme = 'light' | 'dark';

/**
 * What one visit starts from: rendered into the page by the server (a JSON data block) and read by the
 * browser before hydration, so both render the same thing.
 */
export interface BootData {
  language: Language;
  config: SiteConfig;
  device: DeviceInfo;
  /** The user agent `device` was read from. */
  userAgent: string;
  /** The visitor's time zone as the server knew it (the `tz` cookie, else UTC); the browser corrects it. */
  timeZone: string;
  /** Chosen theme, or null to follow the system's. */
  theme: Theme | null;
  /**
   * When the server rendered this document (ISO, the server's clock). Pages may be served from the
   * server's page cache a little later; what changed after this is what the page must catch up on.
   */
  renderedAt: string;
  /** The entry script, stylesheets, and the modules that hydrate the first page (preloaded after the first paint). */
  assets: { entry: string; css: string[]; preloads: string[] };
}

export const THEME_COOKIE = SITE_COOKIES.theme;
