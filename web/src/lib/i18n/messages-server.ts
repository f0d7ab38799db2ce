import type { Language } from '@pitchside/shared/constants';
import type { Messages, Namespace } from './namespaces.ts';

/** Server side: every language's messages are bundled into the server build and read synchronously. */
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', {
  eager: true,
  import: 'default',
});

const byLanguage = new Map<string, Messages>();
for (const [file, messages] of Object.entries(files)) {
  const [, language, namespace] = /locales\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file) ?? [];
  if (!language || !namespace) continue;
  const entry = byLanguage.get(language) ?? {};
  entry[namespace as Namespace] = messages;
  byLanguage.set(language, entry);
}

const complete = new Map<string, Messages>();

/**
 * A language's messages with English under any key it lacks (the test suite fails on such gaps; this
 * keeps a page whole meanwhile). Built once per language.
 */
export function messagesFor(language: Language): Messages {
  let messages = complete.get(language);
  if (!messages) {
    messages = deepMerge(byLanguage.get('en') ?? {}, byLanguage.get(language) ?? {}) as Messages;
    complete.set(language, messages);
  }
  return messages;
}

function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
