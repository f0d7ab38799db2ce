/** Session constants of SPEC 4 and 9: the gateway issues tokens by them and the browser session keeps them. */

/** The access-token lifetime the spec configures (24 h); without configuration 1800 s. */
export const CONFIGURED_ACCESS_TOKEN_TTL_S = 86_400;
export const DEFAULT_ACCESS_TOKEN_TTL_S = 1800;
export const DEFAULT_REFRESH_TOKEN_TTL_S = 2_592_000;
/** A token counts as expired this long before its stated expiry. */
export const TOKEN_EXPIRY_MARGIN_MS = 500;
/** The session refreshes ahead of time, this long before the access token expires. */
export const EARLY_REFRESH_MS = 5 * 60_000;
/** After a network error the early refresh retries from 30 s, doubling up to 960 s. */
export const REFRESH_RETRY_MIN_MS = 30_000;
export const REFRESH_RETRY_MAX_MS = 960_000;
/** Request timeouts: short calls, long calls, and any call while the browser says it is offline. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const LONG_REQUEST_TIMEOUT_MS = 60_000;
export const OFFLINE_REQUEST_TIMEOUT_MS = 5_000;
/** Browser storage keys start with this, and the auth cookie lives at this path. */
export const AUTH_STORAGE_PREFIX = 'auth.';
export const AUTH_COOKIE_PATH = '/';
/** The message a request is aborted with when both tokens have expired (SPEC 8), verbatim. */
export const SESSION_EXPIRED_MESSAGE = 'Both token and refresh token have expired. Your request was aborted.';
/** A social-only account may delete itself without a password only this soon after signing in. */
export const RECENT_LOGIN_MS = 5 * 60_000;
