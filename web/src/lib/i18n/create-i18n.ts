import { createInstance, type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@pitchside/shared/constants';
import { DEFAULT_NAMESPACE, NAMESPACES, type Messages, type Namespace } from './namespaces.ts';

/** Fetches one namespace of one language (the browser's message chunks). */
export type LoadNamespace = (language: Language, namespace: Namespace) => Promise<Record<string, unknown>>;

/**
 * An i18next instance for one language with its messages already in hand, initialised synchronously so
 * the first render (on the server, then the hydrating one in the browser) has every string.
 * The server makes one per request with every namespace. The browser makes one per visit from the
 * namespaces the page's HTML carried, with `loadNamespace` for the others: a component that asks for one
 * of them later gets it fetched and re-renders when it arrives (react-i18next does that for namespaces not
 * loaded yet); nothing is fetched up front. The browser adds languages on a switch.
 */
export function createI18n(language: Language, messages: Messages, loadNamespace?: LoadNamespace): I18n {
  const i18n = createInstance();
  const resources: Record<string, Messages> = { [language]: messages };
  if (loadNamespace) i18n.use(namespaceBackend(loadNamespace));
  void i18n.use(initReactI18next).init({
    lng: language,
    // The server's messages have English under any key a language lacks, and the test suite fails on such
    // gaps: the browser never needs English files as a fallback for another language.
    fallbackLng: loadNamespace ? false : DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: loadNamespace ? Object.keys(messages) : [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources,
    partialBundledLanguages: Boolean(loadNamespace),
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    showSupportNotice: false,
    react: { useSuspense: false },
  });
  return i18n;
}

function namespaceBackend(load: LoadNamespace): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      load(language as Language, namespace as Namespace).then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}
