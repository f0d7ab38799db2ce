import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import common from '../locales/en/common.json';

/**
 * i18next for the whole app. Only English ships today; the other languages of the spec will be loaded on
 * demand by a later issue (see `changeLanguage` below, the seam for it). Keys are typed from the English
 * file (see i18next.d.ts), so a missing or misspelt key fails the type check.
 */
export const defaultNS = 'common';
export const resources = { en: { common } } as const;

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: [defaultNS],
  defaultNS,
  resources,
  // Resources are bundled: initialise synchronously so the first render already has its strings.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  showSupportNotice: false,
});

export const isLanguage = (value: string | undefined): value is Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '');

/** Switches the page language; unknown message files fall back to English until they ship. */
export async function changeLanguage(language: Language): Promise<void> {
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export { i18n };
