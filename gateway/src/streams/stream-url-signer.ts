import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed URLs for premium HLS streams (issue 5): the URL is the capability, so a player needs no
 * cookie or header, and a URL copied out of the page stops working when it expires.
 *
 * A token grants one user a scope until an expiry. The scope is an exact path (`/streams/m1/index.m3u8`)
 * or a directory ending in `/` (`/streams/m1/`) covering everything under it: an HLS playlist and its
 * segments are separate requests, and one token for the stream's directory lets the gateway hand it on
 * to every URI in the playlist it serves (see hls-playlist-signing.ts) instead of signing each segment.
 *
 *   token = v1.<expiry, unix s>.<base64url user id>.<base64url scope>.<base64url HMAC-SHA256>
 *   MAC over "pitchside-stream/v1\n<scope>\n<expiry>\n<user id>"
 *
 * Everything the token claims is under the MAC; the request path is checked against the signed scope, so a
 * token for one match's stream opens no other. Tokens are short (two minutes by default): a live player
 * asks the API for a fresh playlist URL before its token runs out, and the API checks the entitlement each
 * time, so a plan that ends (a refund) ends the stream within one token's lifetime.
 */

export const STREAM_TOKEN_PARAM = 'token';
const VERSION = 'v1';
const DEFAULT_TTL_S = 120;
/** A token outliving this is a configuration mistake, not a short-lived URL. */
const MAX_TTL_S = 24 * 60 * 60;

export interface StreamGrant {
  scope: string;
  userId: string;
  /** Unix seconds; the token is refused from this second on. */
  expiresAt: number;
}

export type StreamTokenCheck =
  { ok: true; grant: StreamGrant } | { ok: false; reason: 'malformed' | 'forged' | 'wrong-path' | 'expired' };

export interface StreamUrlSignerOptions {
  /** At least 32 characters; shared by every gateway that serves streams. */
  secret: string;
  ttlS?: number;
  now?: () => number;
}

export interface StreamUrlSigner {
  issue(scope: string, userId: string, ttlS?: number): string;
  /** `path?token=...`, granting the path's directory unless a narrower or wider scope is given. */
  signUrl(path: string, userId: string, options?: { scope?: string; ttlS?: number }): string;
  verify(requestPath: string, token: string | undefined): StreamTokenCheck;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/**
 * A path we sign or serve: absolute, no `.` or `..` segments, no empty segments, no encoded slash, dot or
 * backslash. Without this a scope `/streams/m1/` would "cover" `/streams/m1/../m2/index.m3u8`.
 */
export function isCanonicalStreamPath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\') || /%(2e|2f|5c)/i.test(path)) return false;
  return path
    .slice(1)
    .split('/')
    .every((segment, i, all) =>
      segment === '' ? i === all.length - 1 : segment !== '.' && segment !== '..',
    );
}

export function createStreamUrlSigner(options: StreamUrlSignerOptions): StreamUrlSigner {
  if (options.secret.length < 32)
    throw new RangeError('the stream signing secret needs at least 32 characters');
  const now = options.now ?? Date.now;
  const defaultTtl = options.ttlS ?? DEFAULT_TTL_S;

  const mac = (scope: string, expiresAt: number, userId: string): Buffer =>
    createHmac('sha256', options.secret)
      .update(`pitchside-stream/${VERSION}\n${scope}\n${expiresAt}\n${userId}`)
      .digest();

  function issue(scope: string, userId: string, ttlS = defaultTtl): string {
    if (!isCanonicalStreamPath(scope)) throw new RangeError(`not a canonical stream path: ${scope}`);
    if (!userId) throw new RangeError('a stream token needs a user id');
    if (!Number.isInteger(ttlS) || ttlS <= 0 || ttlS > MAX_TTL_S)
      throw new RangeError(`bad token lifetime ${ttlS}`);
    const expiresAt = Math.floor(now() / 1000) + ttlS;
    return [
      VERSION,
      expiresAt,
      b64(userId),
      b64(scope),
      mac(scope, expiresAt, userId).toString('base64url'),
    ].join('.');
  }

  return {
    issue,

    signUrl(path, userId, { scope, ttlS } = {}) {
      const token = issue(scope ?? path.slice(0, path.lastIndexOf('/') + 1), userId, ttlS);
      return `${path}${path.includes('?') ? '&' : '?'}${STREAM_TOKEN_PARAM}=${token}`;
    },

    verify(requestPath, token) {
      const parts = (token ?? '').split('.');
      if (parts.length !== 5 || parts[0] !== VERSION || !parts.slice(2).every((p) => BASE64URL.test(p))) {
        return { ok: false, reason: 'malformed' };
      }
      const [, expiry = '', user = '', scopeB64 = '', signature = ''] = parts;
      if (!/^\d{1,12}$/.test(expiry)) return { ok: false, reason: 'malformed' };
      const grant: StreamGrant = {
        expiresAt: Number(expiry),
        userId: Buffer.from(user, 'base64url').toString('utf8'),
        scope: Buffer.from(scopeB64, 'base64url').toString('utf8'),
      };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(grant.scope, grant.expiresAt, grant.userId);
      // Only the one spelling of the signature: base64url's last character carries two unused bits, so four
      // spellings would decode to the same bytes, and a token altered there would still verify.
      if (given.toString('base64url') !== signature) return { ok: false, reason: 'forged' };
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'forged' };
      const inScope = grant.scope.endsWith('/')
        ? requestPath.startsWith(grant.scope)
        : requestPath === grant.scope;
      if (!isCanonicalStreamPath(requestPath) || !inScope) return { ok: false, reason: 'wrong-path' };
      if (Math.floor(now() / 1000) >= grant.expiresAt) return { ok: false, reason: 'expired' };
      return { ok: true, grant };
    },
  };
}
