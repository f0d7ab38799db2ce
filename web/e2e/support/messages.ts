import { readFileSync } from 'node:fs';
import { plainText } from '../../src/features/content/rich-text.ts';

/**
 * The site's messages as a page shows them, for the browser tests of the content and media pages: read
 * from web/src/locales, `{{name}}` placeholders filled, rich-text tags reduced to their words.
 */

const locales = new URL('../../src/locales/', import.meta.url);

/** A message by its dotted key (array items by index) in a language and namespace, as the page shows it. */
export function pageMessage(
  language: string,
  namespace: string,
  key: string,
  vars: Record<string, string> = {},
): string {
  const messages: unknown = JSON.parse(
    readFileSync(new URL(`${language}/${namespace}.json`, locales), 'utf8'),
  );
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`no message ${language}/${namespace}:${key}`);
  const filled = value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');
  return plainText(filled, {
    support: 'support@pitchside.example',
    securityMail: 'security@pitchside.example',
  });
}
