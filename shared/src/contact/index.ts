import { z } from 'zod';
import { LANGUAGES } from '../constants/index.ts';
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from './constants.ts';

export * from './constants.ts';

/**
 * The contact form (issue 6): what POST /api/contact takes and answers. The limits, the support address
 * and the social links live in ./constants.ts (no zod), which the website imports into every page.
 */

/** http(s) URLs and bare `www.` hosts, as a mail client would make them clickable. */
const LINK = /\b(?:https?:\/\/|www\.)\S+/gi;
export const countLinks = (text: string): number => text.match(LINK)?.length ?? 0;

/** One line: a header value (name, subject) never carries a line break (mail header injection). */
const OneLine = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\r\n]*$/, 'one line');

export const ContactBodySchema = z.object({
  name: OneLine(CONTACT_LIMITS.nameMax),
  email: z.email().max(254),
  subject: OneLine(CONTACT_LIMITS.subjectMax),
  message: z
    .string()
    .trim()
    .min(CONTACT_LIMITS.messageMin)
    .max(CONTACT_LIMITS.messageMax)
    // The one `custom` issue of the message: a form reads that code as "too many links".
    .refine((m) => countLinks(m) <= CONTACT_LIMITS.linksMax, `at most ${CONTACT_LIMITS.linksMax} links`),
  /** The page's language: the support team answers in it. */
  language: z.enum(LANGUAGES).default('en'),
  /** The signed timestamp of the page load (GET /api/contact/token). */
  token: z.string().max(200).default(''),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(2000).optional(),
});
export type ContactBody = z.infer<typeof ContactBodySchema>;

/** GET /api/contact/token */
export const ContactTokenSchema = z.object({ token: z.string(), minFillMs: z.number().int().min(0) });
export type ContactToken = z.infer<typeof ContactTokenSchema>;

/** POST /api/contact answers `{ data: { sent: true } }`, spam included (it is dropped without telling). */
export const ContactResultSchema = z.object({ sent: z.literal(true) });
