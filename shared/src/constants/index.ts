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
/**
 * What a connection may have written and not yet sent (the client is not reading): past it the gateway cuts
 * the connection. Far above what an honest viewer ever has pending (a snapshot, a few deltas), far below
 * what thousands of such sockets would cost.
 */
export const MAX_UNSENT_BYTES_PER_SOCKET = 512 * 1024;
/** Unknown events a connection gets an error answer to; later ones are dropped unanswered. */
export const MAX_UNKNOWN_EVENT_ANSWERS = 10;
/** How many deltas a match's stream keeps for resuming clients; older positions get a snapshot. */
export const MATCH_STREAM_MAXLEN = 1000;

/** Website behaviour (SPEC section 4 and 9). */
export const DEFAULT_REDIRECT_STATUS = 302;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500 } as const;
export const LAZY_LOAD_CLASSES = { pending: 'lazyLoad', loading: 'isLoading', loaded: 'isLoaded' } as const;
export const TAG_MANAGER_DELAY_MS = 3500;
export const LIVE_CHAT_DELAY_MS = 3000;
export const SHARE_IMAGE = { width: 1200, height: 628 } as const;
export const TOAST_MS = 3000;
export const CAROUSEL_AUTOPLAY_MS = 5000;
export const TOOLTIP_CLOSE_MS = 200;
export const POPOVER_CLOSE_MS = 200;
export const REMOTE_SEARCH_DEBOUNCE_MS = 300;
export const SHARE_POPUP = { width: 626, height: 436 } as const;
/** The page head's description (SPEC section 1). */
export const SITE_DESCRIPTION =
  'Free live football scores and details on all nations, leagues and competitions: fixtures, results, tables, lineups and live streams.';

/**
 * BullMQ queue names: the worker that runs a queue and the operators' dashboard that counts its jobs must
 * agree on them (both under RedisKeys.queuePrefix()).
 */
export const QUEUE_NAMES = { ingest: 'ingest', paymentsReconcile: 'payments-reconcile' } as const;
