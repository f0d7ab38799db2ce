import type { i18n as I18n } from 'i18next';
import type { Language } from '@pitchside/shared/constants';
import { languageCookie } from './negotiate.ts';
import type { LoadNamespace } from './create-i18n.ts';
import { NAMESPACES, type Messages } from './namespaces.ts';

/**
 * The browser's one i18next instance (made by entry-client from the server's inline messages) and the
 * language switch of SPEC 4: load the language's messages, then move; remember the choice in the cookie.
 */
let instance: I18n | null = null;

export function setBrowserI18n(i18n: I18n): void {
  instance = i18n;
}

let remaining: Promise<void> | null = null;

/**
 * The namespaces of the page's language its HTML did not carry (it carries those its render used),
 * fetched before a navigation renders another page (routes.tsx: a failure is handled like a page chunk's),
 * so a page renders its strings at once. Anything shown later on the same page that needs another
 * namespace has it fetched by i18next (loadNamespace).
 */
export function loadRemainingNamespaces(): Promise<void> {
  const i18n = instance;
  if (!i18n) return Promise.resolve(); // on the server: every namespace is there
  const language = i18n.language as Language;
  const missing = NAMESPACES.filter((namespace) => !i18n.hasResourceBundle(language, namespace));
  if (missing.length === 0) return Promise.resolve();
  remaining ??= import('./messages-client.ts')
    .then(({ loadNamespaces }) => loadNamespaces(language, missing))
    .then((messages) => {
      for (const namespace of missing) {
        i18n.addResourceBundle(language, namespace, messages[namespace] ?? {}, true, false);
      }
    })
    .finally(() => {
      remaining = null;
    });
  return remaining;
}

/** One namespace of one language, for i18next's backend (create-i18n.ts). */
export const loadNamespace: LoadNamespace = async (language, namespace) =>
  (await import('./messages-client.ts').then(({ loadNamespaces }) => loadNamespaces(language, [namespace])))[
    namespace
  ] ?? {};

export async function switchBrowserLanguage(language: Language): Promise<void> {
  if (!instance) return; // on the server: the renderer made a per-request instance in this language
  if (!instance.hasResourceBundle(language, 'common')) {
    // The table of every language's message files is a chunk of its own: only a switch needs it. If it
    // cannot be loaded, the strings fall back to English, as for a missing file (SPEC 8).
    const messages = await import('./messages-client.ts').then(
      ({ loadMessages }) => loadMessages(language),
      (error: unknown): Messages => {
        console.error(`The ${language} messages could not be loaded`, error);
        return {};
      },
    );
    for (const namespace of NAMESPACES) {
      instance.addResourceBundle(language, namespace, messages[namespace] ?? {}, true, true);
    }
  }
  if (instance.language !== language) await instance.changeLanguage(language);
  document.documentElement.lang = language;
  document.cookie = languageCookie(language);
}
