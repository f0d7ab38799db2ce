/** Constants from the specification (../SPEC.md sections 1, 4 and 9) and from our own protocol. */

export const PRODUCT_NAME = 'Pitchside';
export const HOME_TITLE = 'Online football streaming, schedule and scores';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'id', 'it', 'nl', 'pt', 'ru', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeDays: 365,
  path: '/',
  sameSite: 'lax',
} as const;

/** Socket limits: the gateway enforces them and answers with a clear error ack. */
export const MAX_SUBSCRIPTIONS_PER_SOCKET = 50;
export const MAX_SOCKET_PAYLOAD_BYTES = 4096;
/** How many deltas a match's stream keeps for resuming clients; older positions get a snapshot. */
export const MATCH_STREAM_MAXLEN = 1000;
