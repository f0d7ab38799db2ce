/**
 * The contact form's limits, and the deployment's support address and social links with today's values as
 * defaults (SUPPORT_EMAIL, SOCIAL_*_URL override them). No zod here: the website's footer and form import
 * this into every page.
 */

export const DEFAULT_SUPPORT_EMAIL = 'support@pitchside.example';

/** The footer's three: a messaging channel, a microblog and a social network. */
export interface SocialLinks {
  telegram: string;
  x: string;
  facebook: string;
}
export const DEFAULT_SOCIAL_LINKS: SocialLinks = {
  telegram: 'https://t.me/pitchside',
  x: 'https://x.com/pitchside',
  facebook: 'https://www.facebook.com/pitchside',
};

export const CONTACT_LIMITS = {
  nameMax: 100,
  subjectMax: 160,
  messageMin: 10,
  messageMax: 5000,
  /** More links than this in a message is what spam looks like; people asking for help rarely need three. */
  linksMax: 3,
} as const;

/** The honeypot: a field people never see (hidden, out of the tab order); bots fill every field they find. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** The fields a visitor fills, in the form's order: a 400's issues name these. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
