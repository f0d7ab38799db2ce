import { createContext, useContext } from 'react';
import type { SocialLinks } from '@pitchside/shared/contact/constants';
import { SITE_COOKIES } from '@pitchside/shared/cookies';
import type { DeviceInfo } from './device.ts';

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

/** The cookie that tells the server the visitor's time zone (the browser corrects the server's guess). */
export const TIME_ZONE_COOKIE = SITE_COOKIES.timeZone;

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
