import { AUTH_COOKIE_PATH, AUTH_STORAGE_PREFIX } from '@pitchside/shared/auth/session-constants';
import { readCookie, SITE_COOKIES, writeCookie } from '@pitchside/shared/cookies';

/**
 * Where the browser keeps the session (SPEC 9: storage keys start with 'auth.', the cookie lives at '/').
 * Tokens stay in localStorage and travel only as bearer headers; the cookie is a non-secret hint that
 * tells the server renderer which shell to render (an account page instead of a bounce to /login).
 * It carries no token, so a forged one gets a visitor an empty account frame and nothing else.
 */
export const SESSION_KEYS = {
  accessToken: `${AUTH_STORAGE_PREFIX}access_token`,
  refreshToken: `${AUTH_STORAGE_PREFIX}refresh_token`,
  /** Epoch ms: when the answer said the access token expires (computed at receipt from expires_in). */
  accessExpiresAt: `${AUTH_STORAGE_PREFIX}access_expires_at`,
  refreshExpiresAt: `${AUTH_STORAGE_PREFIX}refresh_expires_at`,
  /** Epoch ms: when the pair arrived; the early refresh plans from the lifetime. */
  receivedAt: `${AUTH_STORAGE_PREFIX}received_at`,
  user: `${AUTH_STORAGE_PREFIX}user`,
  /** Where to go after signing in (SPEC 4), kept only if isSafeRedirectTarget accepts it. */
  redirect: `${AUTH_STORAGE_PREFIX}redirect`,
} as const;

export const SESSION_HINT_COOKIE = SITE_COOKIES.sessionHint;
export { AUTH_COOKIE_PATH };

/** Whether a Cookie header (or document.cookie) carries the signed-in hint. */
export function hasSessionHint(cookies: string | null | undefined): boolean {
  return readCookie(cookies, SESSION_HINT_COOKIE) === '1';
}

/** The hint cookie's header value: set for as long as the refresh token lives, or cleared. */
export function sessionHintCookie(maxAgeSeconds: number, secure: boolean): string {
  const age = Math.max(0, Math.floor(maxAgeSeconds));
  const value = age > 0 ? '1' : '';
  return writeCookie(SESSION_HINT_COOKIE, value, {
    maxAge: age,
    path: AUTH_COOKIE_PATH,
    sameSite: 'lax',
    secure,
  });
}
