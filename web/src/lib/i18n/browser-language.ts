import type { i18n as I18n } from 'i18next';
import type { Language } from '@pitchside/shared/constants';
import { languageCookie } from '../../app/language/negotiate.ts';
import { NAMESPACES, type Messages } from './namespaces.ts';

/**
 * The browser's one i18next instance (made by entry-client from the server's inline messages) and the
 * language switch of SPEC 4: load the language's messages, then move; remember the choice in the cookie.
 */
let instance: I18n | null = null;

export function setBrowserI18n(i18n: I18n): void {
  instance = i18n;
}

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
