import {
  EARLY_REFRESH_MS,
  REFRESH_RETRY_MAX_MS,
  REFRESH_RETRY_MIN_MS,
  TOKEN_EXPIRY_MARGIN_MS,
} from '@pitchside/shared/auth/session-constants';

/**
 * The clock arithmetic of the session (SPEC 4 and 9), pure so tests give it any "now". Lifetimes come
 * as seconds from when the answer was sent; we count them from when it arrived, which errs on the safe
 * side by the network delay, and needs no agreement between the browser's clock and the server's.
 */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms of the stated expiries. */
  accessExpiresAt: number;
  refreshExpiresAt: number;
  /** Epoch ms the pair arrived. */
  receivedAt: number;
}

export type TokenStatus = 'unknown' | 'valid' | 'expired';

export function tokensFrom(
  pair: { access_token: string; refresh_token: string; expires_in: number; refresh_expires_in: number },
  receivedAt: number,
): SessionTokens {
  return {
    accessToken: pair.access_token,
    refreshToken: pair.refresh_token,
    accessExpiresAt: receivedAt + pair.expires_in * 1000,
    refreshExpiresAt: receivedAt + pair.refresh_expires_in * 1000,
    receivedAt,
  };
}

/** A token counts as expired TOKEN_EXPIRY_MARGIN_MS before its stated expiry. */
export const isExpired = (expiresAt: number, now: number): boolean =>
  now >= expiresAt - TOKEN_EXPIRY_MARGIN_MS;

export function tokenStatus(tokens: SessionTokens | null, now: number): TokenStatus {
  if (!tokens) return 'unknown';
  return isExpired(tokens.accessExpiresAt, now) ? 'expired' : 'valid';
}

/**
 * How long until the early refresh: EARLY_REFRESH_MS before the access token expires. A token that lives
 * less than twice that (tests configure seconds) refreshes half-way instead: refreshing "5 minutes early"
 * a token of 3 s would refresh at once, again and again.
 */
export function earlyRefreshDelay(tokens: SessionTokens, now: number): number {
  const lifetime = tokens.accessExpiresAt - tokens.receivedAt;
  const lead = Math.min(EARLY_REFRESH_MS, lifetime / 2);
  return Math.max(0, tokens.accessExpiresAt - lead - now);
}

/** After the n-th failed attempt in a row (0-based): 30 s, 60 s, … doubling, never above 960 s. */
export const refreshRetryDelay = (attempt: number): number =>
  Math.min(REFRESH_RETRY_MIN_MS * 2 ** Math.max(0, attempt), REFRESH_RETRY_MAX_MS);
