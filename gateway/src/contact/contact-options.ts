import {
  DEFAULT_SOCIAL_LINKS,
  DEFAULT_SUPPORT_EMAIL,
  type SocialLinks,
} from '@pitchside/shared/contact/constants';
import type { ThrottleRule } from '../lib/throttle.ts';

/** A fixed window: this many messages, then 429 until the window (which starts at the first) ends. */
export type ContactRule = ThrottleRule;

/**
 * The contact form and the addresses the website shows (createApp's `options.contact`; index.ts fills it
 * from SUPPORT_EMAIL and SOCIAL_*_URL).
 */
export interface ContactOptions {
  /** Where the form's messages go, and the address the footer and the pages show. */
  supportEmail?: string;
  social?: Partial<SocialLinks>;
  /** Messages sooner than this after the page loaded are a bot's: accepted, never sent. */
  minFillMs?: number;
  /** A page older than this gets `contact:form-expired` (reload for a fresh one). */
  maxFormAgeMs?: number;
  perIp?: ContactRule;
  perEmail?: ContactRule;
}

export const DEFAULT_MIN_FILL_MS = 3000;
export const DEFAULT_MAX_FORM_AGE_MS = 24 * 3600_000;
export const DEFAULT_CONTACT_PER_IP: ContactRule = { limit: 5, windowS: 3600 };
export const DEFAULT_CONTACT_PER_EMAIL: ContactRule = { limit: 3, windowS: 3600 };

/** The addresses with today's as defaults. */
export const siteContacts = (options: ContactOptions = {}) => ({
  supportEmail: options.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
  social: { ...DEFAULT_SOCIAL_LINKS, ...options.social },
});
