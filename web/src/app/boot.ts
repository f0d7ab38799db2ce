import { createContext, useContext } from 'react';
import type { Language } from '@pitchside/shared/constants';
import type { SocialLinks } from '@pitchside/shared/contact/constants';
import type { DeviceInfo } from '../lib/device.ts';

/** Deployment settings the server renderer passes to the page (from the gateway's environment). */
export interface SiteConfig {
  /** Absolute origin for canonical links, hreflang alternates and share URLs. */
  publicBaseUrl: string;
  /** Tag-manager and live-chat scripts: off when unset (SPEC 1: they start 3.5 s and 3 s after load). */
  tagManagerSrc: string | null;
  liveChatSrc: string | null;
  /** SUPPORT_EMAIL and SOCIAL_*_URL; absent (an older gateway, a unit test): the defaults of shared/contact. */
  supportEmail?: string;
  social?: SocialLinks;
}

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

export const TIME_ZONE_COOKIE = 'tz';
export const THEME_COOKIE = 'theme';

/** The per-visit facts every component may read: on the server they differ per request, so no globals. */
export interface Visit {
  config: SiteConfig;
  device: DeviceInfo;
  timeZone: string;
}

export const VisitContext = createContext<Visit | null>(null);

export function useVisit(): Visit {
  const visit = useContext(VisitContext);
  if (!visit) throw new Error('useVisit outside the app: render inside <Document>');
  return visit;
}

/** JSON that is safe inside a <script>: no `</script>`, no HTML comment openers, no line separators. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
