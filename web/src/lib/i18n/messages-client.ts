import type { Language } from '@pitchside/shared/constants';
import type { Messages, Namespace } from './namespaces.ts';

/**
 * Browser side: each language's files are separate chunks, fetched only when a visitor switches to it
 * (the page's own language arrives inline with the server-rendered HTML).
 */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

export async function loadMessages(language: Language): Promise<Messages> {
  const entries = Object.entries(files).filter(([file]) => file.includes(`/locales/${language}/`));
  const loaded = await Promise.all(
    entries.map(async ([file, load]) => {
      const namespace = /\/([a-z-]+)\.json$/.exec(file)?.[1] as Namespace;
      try {
        return [namespace, await load()] as const;
      } catch (error) {
        // SPEC 8: a missing language file is logged only; the strings fall back to English.
        console.error(`The ${language} messages for ${namespace} could not be loaded`, error);
        return [namespace, {}] as const;
      }
    }),
  );
  return Object.fromEntries(loaded) as Messages;
}

/** Some namespaces of a language; fails when one cannot be loaded (the caller decides what then). */
export async function loadNamespaces(
  language: Language,
  namespaces: readonly Namespace[],
): Promise<Messages> {
  const loaded = await Promise.all(
    namespaces.map(async (namespace) => {
      const load = files[`../../locales/${language}/${namespace}.json`];
      return [namespace, load ? await load() : {}] as const;
    }),
  );
  return Object.fromEntries(loaded) as Messages;
}
