import { parseCookie, stringifySetCookie, type SerializeOptions } from 'cookie';
import { AUTH_COOKIE_PATH, AUTH_STORAGE_PREFIX } from '../auth/session-constants.ts';
import { LANGUAGE_COOKIE } from '../constants/index.ts';

/**
 * The site's cookies that both the gateway and the web app read or write: the gateway keys its page cache
 * on them and reads the language on social sign-in; the renderer and the browser read and write them.
 */
export const SITE_COOKIES = {
  /** The chosen language (SPEC 4): 365 days, path /, SameSite=Lax. */
  language: LANGUAGE_COOKIE.name,
  /** `dark` or `light`, so the server renders the visitor's theme (no flash). */
  theme: 'theme',
  /** The visitor's IANA time zone, so "today" on the server is the visitor's day. */
  timeZone: 'tz',
  /** `1` while a session is held in the browser: a non-secret hint that picks the signed-in shell. */
  sessionHint: `${AUTH_STORAGE_PREFIX}signed_in`,
} as const;

export { AUTH_COOKIE_PATH };

/**
 * Every cookie of a `Cookie` header (or `document.cookie`), parsed by the `cookie` package (RFC 6265 pairs,
 * values percent-decoded; a value that is not valid percent-encoding is kept as sent). The first of a repeated
 * name wins, as browsers send the most specific path first.
 */
export function readCookies(header: string | null | undefined): Record<string, string | undefined> {
  return header ? parseCookie(header) : {};
}

/** One cookie's value, or null when absent or empty. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  return readCookies(header)[name] || null;
}

export type CookieAttributes = Pick<SerializeOptions, 'maxAge' | 'path' | 'sameSite' | 'secure' | 'httpOnly'>;

/**
 * A `Set-Cookie` value (also what `document.cookie = …` takes). The value is percent-encoded, so one with
 * `;`, `=`, `%`, quotes or spaces comes back from readCookie() as it was written.
 */
export function writeCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  return stringifySetCookie(name, value, attributes);
}
