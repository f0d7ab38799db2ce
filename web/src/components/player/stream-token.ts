/**
 * Premium stream URLs are capabilities with a short life (gateway/src/streams/stream-url-signer.ts): the
 * token in `?token=` grants the stream's directory, so a fresh token opens the playlist and every segment
 * of the same feed. The player keeps one URL per feed and swaps only the token.
 */
export const STREAM_TOKEN_PARAM = 'token';

/** The token of a stream URL (relative or absolute), or null. */
export function tokenOf(url: string): string | null {
  try {
    return new URL(url, 'http://pitchside.invalid').searchParams.get(STREAM_TOKEN_PARAM);
  } catch {
    return null;
  }
}

/**
 * `requestUrl` with its token replaced by `token`, when it is a request for our own premium stream that
 * carries one (the playlist, the init section, a segment). Anything else is left as it is: a token
 * never travels to another host.
 */
export function withToken(requestUrl: string, token: string, origin: string): string {
  let url: URL;
  try {
    url = new URL(requestUrl, origin);
  } catch {
    return requestUrl;
  }
  if (url.origin !== origin || !url.searchParams.has(STREAM_TOKEN_PARAM)) return requestUrl;
  url.searchParams.set(STREAM_TOKEN_PARAM, token);
  return url.href;
}

/**
 * When to fetch a fresh URL: a quarter of the token's lifetime before it expires, at least 5 s (but no
 * more than half the lifetime) and at most 30 s ahead: a 120 s token is renewed at 90 s, a 10 s one at
 * 5 s, so a slow answer or a busy tab still beats the expiry. Never before `now`; null for a URL that
 * does not expire (a free feed).
 */
export function refreshDelayMs(expiresAt: string | null, receivedAt: number, now: number): number | null {
  if (!expiresAt) return null;
  const expiry = Date.parse(expiresAt);
  if (Number.isNaN(expiry)) return null;
  const lifetime = Math.max(0, expiry - receivedAt);
  const margin = Math.min(30_000, Math.max(Math.min(5_000, lifetime / 2), lifetime / 4));
  return Math.max(0, expiry - margin - now);
}
