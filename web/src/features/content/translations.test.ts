import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { CONTENT_LINK_TAGS } from './content-links.tsx';
import { richTags } from './rich-text.ts';

/**
 * The content and account texts carry their links as tags (`<faq>…</faq>`, `<support/>`). A translation
 * that drops, renames or adds one loses a link silently, which the generic locale test cannot see: here
 * every language must use the same tags, in the same strings, as English, and only tags that exist.
 */
const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
const NAMESPACES = ['content', 'account'] as const;

function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const read = (language: string, namespace: string) => {
  const file = path.join(locales, language, `${namespace}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : null;
};

const sorted = (tags: string[]) => [...tags].sort();

describe('content and account links', () => {
  for (const namespace of NAMESPACES) {
    it(`English ${namespace} uses only tags that render as links`, () => {
      const unknown = [...read('en', namespace)!].flatMap(([key, value]) =>
        richTags(value)
          .map((tag) => tag.replace(/\/$/, ''))
          .filter((tag) => !CONTENT_LINK_TAGS.includes(tag))
          .map((tag) => `${key}: <${tag}>`),
      );
      expect(unknown).toEqual([]);
    });
  }

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} keeps every link of English`, () => {
      const problems: string[] = [];
      for (const namespace of NAMESPACES) {
        const english = read('en', namespace)!;
        const translated = read(language, namespace);
        if (!translated) continue; // a missing file is the locale test's to report
        for (const [key, value] of english) {
          const other = translated.get(key);
          if (other === undefined) continue;
          const want = sorted(richTags(value));
          const got = sorted(richTags(other));
          if (want.join() !== got.join())
            problems.push(`${namespace}:${key} has [${got.join()}], English [${want.join()}]`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
