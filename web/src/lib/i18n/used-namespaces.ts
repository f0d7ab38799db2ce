import type { i18n as I18n } from 'i18next';
import type { Namespace } from './namespaces.ts';

/**
 * Records every namespace a render looks a string up in (server side: what the page's HTML must carry for
 * the browser to render the same strings when it hydrates). Every lookup i18next makes goes through its
 * resource store, whatever asked for it (useTranslation, `ns:key`, Trans).
 */
type Lookup = (language: string, namespace: string, ...rest: unknown[]) => unknown;

export function trackUsedNamespaces(i18n: I18n): ReadonlySet<Namespace> {
  const used = new Set<Namespace>();
  // i18next's typings leave the store's lookup out; it is the method its translator calls.
  const store = i18n.services.resourceStore as unknown as { getResource: Lookup };
  const getResource = store.getResource.bind(store);
  store.getResource = (language, namespace, ...rest) => {
    used.add(namespace as Namespace);
    return getResource(language, namespace, ...rest);
  };
  return used;
}
