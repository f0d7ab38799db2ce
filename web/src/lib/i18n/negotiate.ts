import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import { SITE_COOKIES, writeCookie } from '@pitchside/shared/cookies';

/**
 * The URL strategy of SPEC section 2 and the language choice of section 4, as pure functions the server
 * renderer and the browser both call:
 * - every page lives under a language prefix; a bare path is redirected to the prefixed one;
 * - the language is the `i18n_redirected` cookie, then (from the root path only) the browser's preferred
 *   languages, exact match first and base language second, then English.
 */

export const isLanguage = (value: string | undefined | null): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** Splits `/de/live-matches` into the language and the rest; `/live-matches` has no language. */
export function splitLanguage(pathname: string): { language: Language | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match && isLanguage(match[1])) return { language: match[1], rest: match[2] ?? '/' };
  return { language: null, rest: pathname };
}

/** Accept-Language ranges in preference order (q-values honoured, `*` and malformed ranges dropped). */
export function preferredLanguages(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(r.range) && r.q > 0 && Number.isFinite(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.range);
}

/** The browser's choice among ours: an exact match anywhere in the list beats a base-language match. */
export function languageFromBrowser(ranges: readonly string[]): Language | null {
  const exact = ranges.find((r) => isLanguage(r));
  if (exact) return exact as Language;
  const base = ranges.map((r) => r.split('-')[0]).find((r) => isLanguage(r));
  return (base as Language | undefined) ?? null;
}

export interface LanguageInputs {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}

/**
 * Where a bare path goes: the cookie's language, or on the root path the browser's, or English.
 * (The spec redirects by browser language only from the root path.)
 */
export function chooseLanguage(pathname: string, inputs: LanguageInputs): Language {
  if (isLanguage(inputs.cookie)) return inputs.cookie;
  if (pathname === '/')
    return languageFromBrowser(preferredLanguages(inputs.acceptLanguage)) ?? DEFAULT_LANGUAGE;
  return DEFAULT_LANGUAGE;
}

/** `/live-matches?x=1` in German is `/de/live-matches?x=1`; the root is `/de`. */
export const prefixPath = (language: Language, pathname: string, search = ''): string =>
  `/${language}${pathname === '/' ? '' : pathname}${search}`;

/** Moves a prefixed path to another language: `/de/team/7` to `/fr/team/7`. */
export function switchLanguagePath(pathname: string, to: Language): string {
  const { rest } = splitLanguage(pathname);
  return prefixPath(to, rest);
}

/** The Set-Cookie value that remembers a language: 365 days, path /, SameSite=Lax, not Secure (SPEC 9). */
export function languageCookie(language: Language): string {
  return writeCookie(SITE_COOKIES.language, language, {
    maxAge: LANGUAGE_COOKIE.maxAgeDays * 24 * 60 * 60,
    path: LANGUAGE_COOKIE.path,
    sameSite: LANGUAGE_COOKIE.sameSite,
  });
}
