import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@pitchside/shared/constants';
import { NAMESPACES } from '../lib/i18n/namespaces.ts';

/**
 * Every visible string exists in all ten languages and is translated: a key missing in a language, an
 * empty value, a lost {{variable}}, a plural form the language needs, or a value left in English fails.
 * A value may equal the English one only where that is right in the language (a brand, a loanword);
 * such exceptions are listed, key by key, in same-as-english.json.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Flat = Map<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const read = (language: string, namespace: string): Flat | null => {
  const file = path.join(here, language, `${namespace}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : null;
};

const withoutVariables = (text: string): string => text.replace(/\{\{[^}]*\}\}/g, '');

const variables = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]!).sort();

const allowances = JSON.parse(readFileSync(path.join(here, 'same-as-english.json'), 'utf8')) as Record<
  string,
  string[]
>;

/** English keys, plural forms folded into their base ("count_one", "count_other" -> "count" plural). */
function baseKeys(flat: Flat): Map<string, { plural: boolean; sample: string }> {
  const keys = new Map<string, { plural: boolean; sample: string }>();
  for (const [key, value] of flat) {
    const plural = PLURAL.test(key);
    const base = key.replace(PLURAL, '');
    if (!keys.has(base) || plural) keys.set(base, { plural, sample: value });
  }
  return keys;
}

describe('translations', () => {
  it('has an English file for every namespace and nothing else in the folder', () => {
    const files = readdirSync(path.join(here, 'en')).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language}: every key of English, translated, with its variables and plural forms`, () => {
      const problems: string[] = [];
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const allowed = new Set(allowances[language] ?? []);
      for (const namespace of NAMESPACES) {
        const english = read('en', namespace)!;
        const translated = read(language, namespace);
        if (!translated) {
          problems.push(`${namespace}.json is missing`);
          continue;
        }
        for (const [base, { plural }] of baseKeys(english)) {
          const forms = plural ? categories.map((c) => `${base}_${c}`) : [base];
          for (const key of forms) {
            const value = translated.get(key);
            const englishValue = english.get(key) ?? english.get(`${base}_other`) ?? '';
            const id = `${namespace}:${key}`;
            if (value === undefined) problems.push(`${id} is missing`);
            else if (value.trim() === '') problems.push(`${id} is empty`);
            else {
              if (variables(value).join() !== variables(englishValue).join())
                problems.push(
                  `${id} has variables ${variables(value).join() || 'none'}, English has ${variables(englishValue).join() || 'none'}`,
                );
              if (value === englishValue && /[a-z]{2}/i.test(withoutVariables(value)) && !allowed.has(id))
                problems.push(`${id} is still in English: "${value}"`);
            }
          }
        }
        for (const key of translated.keys()) {
          const base = key.replace(PLURAL, '');
          if (!english.has(key) && !english.has(`${base}_other`))
            problems.push(`${namespace}:${key} is not an English key`);
        }
      }
      expect(problems, problems.slice(0, 40).join('\n')).toEqual([]);
    });
  }
});
