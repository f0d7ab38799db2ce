import { createHash } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { RedisClient } from '../lib/redis-client.ts';
import type { Logger } from 'pino';
import { CONTACT_HONEYPOT_FIELD, ContactBodySchema, type ContactBody } from '@pitchside/shared/contact';
import { LANGUAGES, type Language } from '@pitchside/shared/constants';
import { PitchsideError } from '@pitchside/shared/errors';
import type { RedisKeys } from '@pitchside/shared/redis-keys';
import { Throttle } from '../lib/throttle.ts';
import type { Mailer } from '../mail/mailer.ts';
import { parseInput, RetryAfterError } from '../rest/http-errors.ts';
import {
  DEFAULT_CONTACT_PER_EMAIL,
  DEFAULT_CONTACT_PER_IP,
  DEFAULT_MAX_FORM_AGE_MS,
  DEFAULT_MIN_FILL_MS,
  siteContacts,
  type ContactOptions,
} from './contact-options.ts';
import { ContactTokens } from './contact-token.ts';

export interface ContactDeps {
  redis: RedisClient;
  keys: RedisKeys;
  mailer: Mailer;
  /** The gateway's token secret: the form tokens' key is derived from it. */
  secret: string;
  logger: Logger;
  now?: () => number;
}

/** Why a message was accepted but not sent (logged, never told to the sender). */
type SpamReason = 'honeypot' | 'no-token' | 'forged-token' | 'too-fast';

/**
 * /api/contact: the contact form's messages to the support address, Reply-To the sender.
 *
 * GET /token gives the page its signed load time; POST / takes the message as JSON (the website's script:
 * `{ data: { sent: true } }`, 400 with the bad fields, 429 with Retry-After) or as a plain form post (no
 * script: a 303 back to /xx/contact with `?sent=1` or `?error=<code>&fields=...`). Spam protection keeps no
 * third party in the loop: a honeypot field, a minimum time between page load and post, and at most a few
 * links. Spam is answered exactly like a sent message (telling a bot what gave it away teaches it) and
 * dropped; a page open for more than a day is refused with `contact:form-expired` instead, since that is a
 * person who left a tab open.
 */
export function contactRoutes(deps: ContactDeps, options: ContactOptions = {}): Router {
  const router = Router();
  const tokens = new ContactTokens(deps.secret);
  const throttle = new Throttle(deps.redis, 'contact:rate-limited');
  const now = deps.now ?? Date.now;
  const minFillMs = options.minFillMs ?? DEFAULT_MIN_FILL_MS;
  const maxAgeMs = options.maxFormAgeMs ?? DEFAULT_MAX_FORM_AGE_MS;
  const perIp = options.perIp ?? DEFAULT_CONTACT_PER_IP;
  const perEmail = options.perEmail ?? DEFAULT_CONTACT_PER_EMAIL;
  const { supportEmail } = siteContacts(options);

  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/token', (_req, res) => {
    res.json({ data: { token: tokens.issue(now()), minFillMs } });
  });

  router.post(
    '/',
    express.json({ limit: '16kb' }),
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res) => {
      const form = req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
      try {
        const body = parseInput(ContactBodySchema, req.body);
        const ip = req.ip ?? 'unknown';
        const issuedAt = body.token ? tokens.issuedAt(body.token) : null;
        if (issuedAt !== null && now() - issuedAt > maxAgeMs)
          throw new PitchsideError('contact:form-expired');
        // Counted before anything is sent, in one step per counter: parallel posts cannot slip past the limit.
        await throttle.consume([
          { key: deps.keys.contactThrottle('ip', ip), rule: perIp },
          { key: deps.keys.contactThrottle('email', hashed(body.email.toLowerCase())), rule: perEmail },
        ]);
        const spam = spamReason(body, issuedAt, now(), minFillMs);
        if (spam) {
          deps.logger.info({ reason: spam, ip }, 'contact message dropped as spam');
        } else {
          await deps.mailer.send({
            kind: 'contact',
            to: supportEmail,
            replyTo: { name: body.name, address: body.email },
            subject: `[Contact] ${body.subject}`,
            text: mailText(body, ip),
            link: `mailto:${body.email}`,
            userId: null,
          });
        }
        if (form) return res.redirect(303, `/${body.language}/contact?sent=1`);
        res.json({ data: { sent: true } });
      } catch (error) {
        if (!form || !(error instanceof PitchsideError)) throw error;
        res.redirect(303, formErrorLocation(req, error));
      }
    },
  );

  // A 429 is ours to shape here (Retry-After, the contact code); everything else goes to the app's handler.
  router.use((error: unknown, _req: Request, res: Response, next: (error: unknown) => void) => {
    if (!(error instanceof RetryAfterError) || error.code !== 'contact:rate-limited') return next(error);
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterS))));
    res.status(429).json({ error: error.toBody() });
  });
  router.use((error: unknown, _req: Request, res: Response, next: (error: unknown) => void) => {
    if (!(error instanceof PitchsideError) || error.code !== 'contact:form-expired') return next(error);
    res.status(400).json({ error: error.toBody() });
  });
  return router;
}

function spamReason(
  body: ContactBody,
  issuedAt: number | null,
  nowMs: number,
  minFillMs: number,
): SpamReason | null {
  if (body[CONTACT_HONEYPOT_FIELD]) return 'honeypot';
  if (!body.token) return 'no-token';
  if (issuedAt === null) return 'forged-token';
  if (nowMs - issuedAt < minFillMs) return 'too-fast';
  return null;
}

const hashed = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 32);

function mailText(body: ContactBody, ip: string): string {
  return [
    `From: ${body.name} <${body.email}>`,
    `Language: ${body.language}`,
    `Address: ${ip}`,
    '',
    body.message,
    '',
    '(Sent from the contact form; answering this mail answers the sender.)',
  ].join('\n');
}

/** Back to the form in the language it was posted from (ours only: the language is checked), with why. */
function formErrorLocation(req: Request, error: PitchsideError): string {
  const posted = (req.body as { language?: unknown } | undefined)?.language;
  const language: Language = LANGUAGES.includes(posted as Language) ? (posted as Language) : 'en';
  const query = new URLSearchParams({ error: error.code });
  const fields = (error.toBody().issues ?? []).map((i) => i.path).filter(Boolean);
  if (fields.length > 0) query.set('fields', [...new Set(fields)].join(','));
  return `/${language}/contact?${query.toString()}`;
}
