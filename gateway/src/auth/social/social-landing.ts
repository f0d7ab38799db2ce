import { isSafeRedirectTarget } from '@pitchside/shared/auth';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import type { ErrorCode } from '@pitchside/shared/errors';

/** One of the ten languages, else English: it becomes the first segment of a path we redirect to. */
export const landingLanguage = (value: unknown): Language =>
  (LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE;

/** Where to go after signing in: an on-site path only (SPEC 5), else the language's home page. */
export const landingTarget = (value: unknown, lang: Language): string =>
  isSafeRedirectTarget(value) ? value : `/${lang}`;

/**
 * The login page the callback ends on, always a path on this site: with a one-time code to redeem, or with
 * the error code the page shows in the visitor's language.
 */
export function loginPageUrl(
  lang: Language,
  outcome: { code: string; target: string } | { error: ErrorCode; target?: string },
): string {
  const query = new URLSearchParams();
  if ('code' in outcome) query.set('social_code', outcome.code);
  else query.set('social_error', outcome.error);
  if (outcome.target) query.set('redirect', outcome.target);
  return `/${lang}/login?${query.toString()}`;
}
