import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import { DEFAULT_NAMESPACE, NAMESPACES, type Messages } from './namespaces.ts';

/**
 * An i18next instance for one language with its messages already in hand, initialised synchronously so
 * the first render (on the server, then the hydrating one in the browser) has every string.
 * The server makes one per request; the browser makes one per visit and adds languages on a switch.
 */
export function createI18n(language: Language, messages: Messages): I18n {
  const i18n = createInstance();
  const resources: Record<string, Messages> = { [language]: messages };
  void i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    // A page's HTML carries only the namespaces it used; components re-render when the rest arrive.
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  return i18n;
}
